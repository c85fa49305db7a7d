import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startUpdates, updateFeedUrl, type RestartQuestion, type UpdaterLike } from './updater';

class FakeUpdater extends EventEmitter implements UpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  feeds: string[] = [];
  checks = 0;
  installs = 0;
  failNextCheck: Error | null = null;
  setFeedURL(options: { provider: 'generic'; url: string }) {
    expect(options.provider).toBe('generic');
    this.feeds.push(options.url);
  }
  checkForUpdates() {
    this.checks += 1;
    const failure = this.failNextCheck;
    this.failNextCheck = null;
    return failure ? Promise.reject(failure) : Promise.resolve(null);
  }
  quitAndInstall() {
    this.installs += 1;
  }
}

const setUp = (answer: number, feed: string | null = 'https://erp.example.cn:8787/updates/', isPackaged = true) => {
  const updater = new FakeUpdater();
  const asked: RestartQuestion[] = [];
  const warnings: string[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const started = startUpdates(feed, {
    updater: () => updater,
    isPackaged,
    askRestart: async (question) => {
      asked.push(question);
      return answer;
    },
    log: { info: () => undefined, warn: (message) => warnings.push(message) },
    setInterval: (run, ms) => timers.push({ run, ms }),
  });
  return { updater, asked, warnings, timers, started };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the update feed of a connection', () => {
  it('is the office server’s /updates/, whatever path was typed after its origin', () => {
    expect(updateFeedUrl({ mode: 'office', officeUrl: 'https://erp.example.cn:8787' })).toBe(
      'https://erp.example.cn:8787/updates/',
    );
    expect(updateFeedUrl({ mode: 'office', officeUrl: 'http://192.168.1.10:8787/' })).toBe(
      'http://192.168.1.10:8787/updates/',
    );
  });

  it('is none on the embedded server or without a usable address', () => {
    expect(updateFeedUrl({ mode: 'embedded', officeUrl: 'https://erp.example.cn' })).toBeNull();
    expect(updateFeedUrl({ mode: 'office', officeUrl: '' })).toBeNull();
    expect(updateFeedUrl({ mode: 'office', officeUrl: 'not a url' })).toBeNull();
  });
});

describe('updates from the office server', () => {
  it('checks the generic feed at start and every four hours, downloading in the background', () => {
    const { updater, timers, started } = setUp(1);
    expect(started).toBe(true);
    expect(updater.feeds).toEqual(['https://erp.example.cn:8787/updates/']);
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(updater.checks).toBe(1);
    expect(timers.map((timer) => timer.ms)).toEqual([4 * 60 * 60 * 1000]);
    timers[0]?.run();
    expect(updater.checks).toBe(2);
  });

  it('asks in Chinese before restarting, and 立即重启并安装 installs', async () => {
    const { updater, asked } = setUp(0);
    updater.emit('update-downloaded', { version: '1.2.0' });
    await settle();
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toBe('新版本 1.2.0 已下载完成');
    expect(asked[0]?.buttons).toEqual(['立即重启并安装', '稍后']);
    expect(updater.installs).toBe(1);
  });

  it('稍后 leaves the clerk working (installed when the app is closed) and does not ask again this run', async () => {
    const { updater, asked } = setUp(1);
    updater.emit('update-downloaded', { version: '1.2.0' });
    await settle();
    updater.emit('update-downloaded', { version: '1.2.0' });
    await settle();
    expect(asked).toHaveLength(1);
    expect(updater.installs).toBe(0);
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it('only logs a feed that fails (an office server without UPDATES_DIR answers 404)', async () => {
    const updater = new FakeUpdater();
    updater.failNextCheck = new Error('HttpError: 404');
    const warnings: string[] = [];
    startUpdates('http://10.0.0.5:8787/updates/', {
      updater: () => updater,
      isPackaged: true,
      askRestart: async () => 1,
      log: { info: () => undefined, warn: (message) => warnings.push(message) },
      setInterval: () => undefined,
    });
    updater.emit('error', new Error('net::ERR_CONNECTION_REFUSED'));
    await settle();
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('http://10.0.0.5:8787/updates/');
  });

  it('does nothing in a development run or on the embedded server', () => {
    expect(setUp(0, 'https://erp.example.cn/updates/', false).started).toBe(false);
    const embedded = setUp(0, null);
    expect(embedded.started).toBe(false);
    expect(embedded.updater.checks).toBe(0);
    expect(embedded.timers).toHaveLength(0);
  });
});
