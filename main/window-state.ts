import { z } from 'zod';

/** A rectangle in Electron's screen coordinates (device-independent pixels). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered of the window between runs: its normal (not maximised) bounds and whether it was maximised. */
export interface SavedWindowState {
  bounds: Rect;
  maximized: boolean;
}

/** Where and how large the window opens, and whether it opens maximised. */
export interface WindowPlacement {
  bounds: Rect;
  maximized: boolean;
  /** The smallest the window may be made: the shell's minimum, unless the screen itself is smaller. */
  minWidth: number;
  minHeight: number;
}

/** The first run's size: the common office laptop screen (the window then fills its work area). */
export const defaultWindowSize = { width: 1366, height: 768 } as const;

/**
 * The smallest window that keeps the shell usable: below 992 px wide the layout turns into its narrow
 * (mobile) form and the sidebar closes (renderer/src/layout/use-device-watch.ts); 600 px high still shows
 * the header, the tags bar, a filter row and a page of the table with its pager.
 */
export const minimumWindowSize = { width: 1024, height: 600 } as const;

/**
 * How much of a saved window must still lie on some display for its position to be kept: enough of the
 * title bar to grab and drag. Less than that (the monitor it was on is gone, or the resolution shrank)
 * and the position is dropped.
 */
const VISIBLE_WIDTH = 120;
const VISIBLE_HEIGHT = 40;

const whole = z.number().int().min(-100_000).max(100_000);
const savedWindowStateSchema = z.object({
  bounds: z.object({ x: whole, y: whole, width: whole.positive(), height: whole.positive() }),
  maximized: z.boolean(),
});

/** A saved state as found in the settings file: anything unreadable means none (the first run's window). */
export function readWindowState(value: unknown): SavedWindowState | null {
  const parsed = savedWindowStateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/** The work area the saved window mostly lies on, if enough of it is visible there to grab it. */
function workAreaHolding(bounds: Rect, workAreas: readonly Rect[]): Rect | null {
  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of workAreas) {
    const { width, height } = overlap(bounds, area);
    if (width < Math.min(VISIBLE_WIDTH, bounds.width) || height < Math.min(VISIBLE_HEIGHT, bounds.height)) continue;
    if (width * height > bestArea) {
      best = area;
      bestArea = width * height;
    }
  }
  return best;
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));

/** A size made to fit the work area (and no smaller than the minimum, unless the work area is). */
function fitSize(size: { width: number; height: number }, area: Rect, min: { width: number; height: number }) {
  return {
    width: clamp(Math.round(size.width), min.width, area.width),
    height: clamp(Math.round(size.height), min.height, area.height),
  };
}

const centred = (size: { width: number; height: number }, area: Rect): Rect => ({
  x: area.x + Math.floor((area.width - size.width) / 2),
  y: area.y + Math.floor((area.height - size.height) / 2),
  ...size,
});

/**
 * Where the window opens. The first run: 1366×768, or the primary display's work area if that is smaller,
 * centred. Later runs: the remembered size and position, moved and shrunk to lie wholly inside the work
 * area of the display it was on; if it is on no display now (a monitor unplugged, a docking station
 * left), the remembered size centred on the primary display. The maximised state comes back as it was.
 */
export function windowPlacement(
  saved: SavedWindowState | null,
  workAreas: readonly Rect[],
  primaryWorkArea: Rect,
): WindowPlacement {
  const limitFor = (area: Rect) => ({
    width: Math.min(minimumWindowSize.width, area.width),
    height: Math.min(minimumWindowSize.height, area.height),
  });
  const primaryMin = limitFor(primaryWorkArea);
  // The minimum is the window's for the whole run, on whichever display it is moved to.
  const placement = (bounds: Rect, maximized: boolean): WindowPlacement => ({
    bounds,
    maximized,
    minWidth: primaryMin.width,
    minHeight: primaryMin.height,
  });

  if (!saved)
    return placement(centred(fitSize(defaultWindowSize, primaryWorkArea, primaryMin), primaryWorkArea), false);

  const area = workAreaHolding(saved.bounds, workAreas);
  if (!area) {
    return placement(centred(fitSize(saved.bounds, primaryWorkArea, primaryMin), primaryWorkArea), saved.maximized);
  }
  const size = fitSize(saved.bounds, area, limitFor(area));
  return placement(
    {
      x: clamp(saved.bounds.x, area.x, area.x + area.width - size.width),
      y: clamp(saved.bounds.y, area.y, area.y + area.height - size.height),
      ...size,
    },
    saved.maximized,
  );
}

/** The parts of Electron's `BrowserWindow` the state is read from when the window closes. */
export interface TrackedWindow {
  on(event: 'close', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isFullScreen(): boolean;
}

/**
 * Saves the window's state when it closes: its normal bounds (what un-maximising brings back, so a
 * maximised or full-screen window still remembers its own size) and whether it was maximised. Full
 * screen is not brought back: the next run opens maximised instead, with the taskbar in reach.
 */
export function rememberWindowState(window: TrackedWindow, save: (state: SavedWindowState) => void): void {
  window.on('close', () => {
    const { x, y, width, height } = window.getNormalBounds();
    save({
      bounds: { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) },
      maximized: window.isMaximized() || window.isFullScreen(),
    });
  });
}
