import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { logChildProcessGone, pageFailedAgainQuestion, watchRenderer } from './renderer-recovery';

/** A window and its page as Electron emits their events; `reloads` counts the page's new starts. */
function fakeWindow() {
  class FakeContents extends EventEmitter {
    reloads = 0;
    killed = 0;
    destroyed = false;
    reload() {
      this.reloads += 1;
    }
    forcefullyCrashRenderer() {
      this.killed += 1;
      // Electron then reports the page process gone, killed.
      this.emit('render-process-gone', {}, { reason: 'killed', exitCode: 0 });
    }
    isDestroyed() {
      return this.destroyed;
    }
  }
  const contents = new FakeContents();
  const window = Object.assign(new EventEmitter(), { webContents: contents });
  return { window, contents };
}

function setUp(options: { answers?: number[]; hangGraceMs?: number } = {}) {
  const { window, contents } = fakeWindow();
  let clock = 1_000_000;
  const asked: (typeof pageFailedAgainQuestion)[] = [];
  const lines: string[] = [];
  const state = { quits: 0, banners: 0, quitting: false };
  const write = (...values: unknown[]) => void lines.push(values.map((value) => JSON.stringify(value)).join(' '));
  watchRenderer({
    window,
    askAgain: async (question) => {
      asked.push(question);
      return options.answers?.shift() ?? 0;
    },
    quit: () => (state.quits += 1),
    onReloaded: () => (state.banners += 1),
    isQuitting: () => state.quitting,
    log: { info: write, warn: write, error: write },
    hangGraceMs: options.hangGraceMs ?? 30,
    now: () => clock,
  });
  const crash = (reason = 'crashed') => contents.emit('render-process-gone', {}, { reason, exitCode: 139 });
  return { window, contents, asked, lines, state, crash, advance: (ms: number) => (clock += ms) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a page that crashes or hangs', () => {
  it('is reloaded once after a crash, with the banner, and the crash is logged', async () => {
    const { contents, state, asked, lines, crash } = setUp();
    crash('oom');
    await settle();
    expect(contents.reloads).toBe(1);
    expect(state.banners).toBe(1);
    expect(asked).toEqual([]);
    expect(lines.join('\n')).toContain('oom');
  });

  it('asks 重新载入 / 退出 when it fails again within a minute', async () => {
    const { contents, state, asked, crash, advance } = setUp({ answers: [0, 1] });
    crash();
    await settle();
    advance(30_000);
    crash();
    await settle();
    expect(asked).toEqual([pageFailedAgainQuestion]);
    expect(pageFailedAgainQuestion.buttons).toEqual(['重新载入', '退出']);
    expect(contents.reloads).toBe(2);

    // And again: this time the clerk quits.
    advance(10_000);
    crash();
    await settle();
    expect(asked).toHaveLength(2);
    expect(state.quits).toBe(1);
    expect(contents.reloads).toBe(2);
  });

  it('reloads without asking when the last failure is more than a minute ago', async () => {
    const { contents, asked, crash, advance } = setUp();
    crash();
    await settle();
    advance(61_000);
    crash();
    await settle();
    expect(asked).toEqual([]);
    expect(contents.reloads).toBe(2);
  });

  it('ends a page still hung after the grace period, then reloads it like a crash', async () => {
    const { window, contents, state } = setUp({ hangGraceMs: 20 });
    window.emit('unresponsive');
    expect(contents.killed).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(contents.killed).toBe(1);
    await settle();
    expect(contents.reloads).toBe(1);
    expect(state.banners).toBe(1);
  });

  it('leaves a page that answers again within the grace period (a long import) alone', async () => {
    const { window, contents } = setUp({ hangGraceMs: 20 });
    window.emit('unresponsive');
    window.emit('responsive');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(contents.killed).toBe(0);
    expect(contents.reloads).toBe(0);
  });

  it('does nothing while the app quits, for a clean exit, or once the window is gone', async () => {
    const quitting = setUp();
    quitting.state.quitting = true;
    quitting.crash('crashed');
    const cleanly = setUp();
    cleanly.crash('clean-exit');
    const closed = setUp();
    closed.contents.destroyed = true;
    closed.crash();
    await settle();
    expect(quitting.contents.reloads + cleanly.contents.reloads + closed.contents.reloads).toBe(0);
  });
});

describe('other processes', () => {
  it('logs a GPU or utility process that went away', () => {
    const lines: string[] = [];
    const write = (...values: unknown[]) => void lines.push(values.map((value) => JSON.stringify(value)).join(' '));
    const log = { info: write, warn: write, error: write };
    logChildProcessGone(log, { type: 'GPU', reason: 'crashed', exitCode: 5 });
    logChildProcessGone(log, { type: 'Utility', reason: 'clean-exit', exitCode: 0, serviceName: 'embedded-server' });
    expect(lines[0]).toContain('child process gone: GPU');
    expect(lines[0]).toContain('crashed');
    expect(lines[1]).toContain('embedded-server exited cleanly');
  });
});
