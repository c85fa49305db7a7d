import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openConfFile } from './testing/conf-file';
import { createSettingsStore } from './settings-store';
import {
  defaultWindowSize,
  minimumWindowSize,
  readWindowState,
  rememberWindowState,
  windowPlacement,
  type Rect,
  type SavedWindowState,
} from './window-state';

/** Work areas as Windows reports them: the screen less a 40-pixel taskbar at the bottom. */
const laptop: Rect = { x: 0, y: 0, width: 1366, height: 728 };
const fullHd: Rect = { x: 0, y: 0, width: 1920, height: 1040 };
/** A second monitor to the right of a full-HD one. */
const rightMonitor: Rect = { x: 1920, y: 0, width: 2560, height: 1400 };
const small: Rect = { x: 0, y: 0, width: 1024, height: 536 };

const saved = (bounds: Rect, maximized = false): SavedWindowState => ({ bounds, maximized });
const inside = (bounds: Rect, area: Rect) =>
  bounds.x >= area.x &&
  bounds.y >= area.y &&
  bounds.x + bounds.width <= area.x + area.width &&
  bounds.y + bounds.height <= area.y + area.height;

describe('where the window opens', () => {
  it('opens at 1366×768 centred on a large screen the first time', () => {
    const { bounds, maximized } = windowPlacement(null, [fullHd], fullHd);
    expect(bounds).toEqual({ x: 277, y: 136, ...defaultWindowSize });
    expect(maximized).toBe(false);
  });

  it('fills a 1366×768 laptop’s work area the first time, never hiding under the taskbar', () => {
    const { bounds } = windowPlacement(null, [laptop], laptop);
    expect(bounds).toEqual({ x: 0, y: 0, width: 1366, height: 728 });
  });

  it('is never smaller than the shell’s minimum, unless the screen itself is', () => {
    expect(windowPlacement(null, [fullHd], fullHd)).toMatchObject({
      minWidth: minimumWindowSize.width,
      minHeight: minimumWindowSize.height,
    });
    // A remembered tiny window (from an older version, or a hand-edited file) opens at the minimum.
    const tiny = windowPlacement(saved({ x: 100, y: 100, width: 300, height: 200 }), [fullHd], fullHd);
    expect(tiny.bounds).toMatchObject({ width: 1024, height: 600 });
    // A screen smaller than the minimum (a 1280×720 panel at 125 %): the work area is the limit.
    const onSmall = windowPlacement(null, [small], small);
    expect(onSmall).toMatchObject({ minWidth: 1024, minHeight: 536 });
    expect(inside(onSmall.bounds, small)).toBe(true);
  });

  it('comes back where and as large as it was, maximised or not', () => {
    const before = saved({ x: 2100, y: 50, width: 1600, height: 1000 }, true);
    expect(windowPlacement(before, [fullHd, rightMonitor], fullHd)).toMatchObject({
      bounds: before.bounds,
      maximized: true,
    });
  });

  it('opens on the primary screen when the monitor it was on is gone', () => {
    const onGoneMonitor = saved({ x: 2100, y: 50, width: 1600, height: 1000 });
    const { bounds } = windowPlacement(onGoneMonitor, [fullHd], fullHd);
    expect(inside(bounds, fullHd)).toBe(true);
    expect(bounds).toEqual({ x: 160, y: 20, width: 1600, height: 1000 });
  });

  it('is shrunk and moved inside the work area when the screen got smaller (a laptop off its dock)', () => {
    const fromDock = saved({ x: 300, y: 200, width: 1800, height: 1000 });
    const { bounds } = windowPlacement(fromDock, [laptop], laptop);
    expect(bounds).toEqual({ x: 0, y: 0, width: 1366, height: 728 });
  });

  it('keeps a window that mostly shows, pulled fully inside its screen', () => {
    const overhanging = saved({ x: 1500, y: 900, width: 1200, height: 700 });
    const { bounds } = windowPlacement(overhanging, [fullHd], fullHd);
    expect(bounds).toEqual({ x: 720, y: 340, width: 1200, height: 700 });
  });

  it('drops a position of which only a sliver shows (nothing to grab)', () => {
    const sliver = saved({ x: 1900, y: 500, width: 1200, height: 700 });
    const { bounds } = windowPlacement(sliver, [fullHd], fullHd);
    expect(bounds).toEqual({ x: 360, y: 170, width: 1200, height: 700 });
  });

  it('reads a damaged saved state as none', () => {
    for (const value of [undefined, null, 'big', { bounds: { x: 0, y: 0, width: -5, height: 10 }, maximized: false }]) {
      expect(readWindowState(value)).toBeNull();
    }
    expect(readWindowState({ bounds: { x: 0, y: 0, width: 1200, height: 700 }, maximized: false })).toEqual(
      saved({ x: 0, y: 0, width: 1200, height: 700 }),
    );
  });
});

describe('remembering the window', () => {
  class FakeWindow extends EventEmitter {
    normal: Rect = { x: 10, y: 20, width: 1300, height: 700 };
    maximized = false;
    fullScreen = false;
    getNormalBounds = () => this.normal;
    isMaximized = () => this.maximized;
    isFullScreen = () => this.fullScreen;
  }

  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('saves the normal bounds and the maximised state in the settings file when the window closes', () => {
    dir = mkdtempSync(join(tmpdir(), 'window-state-'));
    const settings = createSettingsStore(openConfFile(dir, 'settings'));
    expect(settings.getWindowState()).toBeNull();

    const window = new FakeWindow();
    rememberWindowState(window, (state) => settings.setWindowState(state));
    window.maximized = true;
    window.emit('close');

    // Read back from the file itself, as the next run would.
    const nextRun = createSettingsStore(openConfFile(dir, 'settings'));
    expect(nextRun.getWindowState()).toEqual(saved({ x: 10, y: 20, width: 1300, height: 700 }, true));
  });

  it('remembers a full-screen window as maximised', () => {
    const states: SavedWindowState[] = [];
    const window = new FakeWindow();
    rememberWindowState(window, (state) => states.push(state));
    window.fullScreen = true;
    window.emit('close');
    expect(states[0]?.maximized).toBe(true);
  });
});
