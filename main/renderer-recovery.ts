import type { LoggerLike } from './embedded-server';

/** The parts of Electron's `WebContents` a crashed or hung page is recovered through. */
export interface RecoverableContents {
  on(
    event: 'render-process-gone',
    listener: (event: unknown, details: { reason: string; exitCode: number }) => void,
  ): unknown;
  reload(): void;
  /** Ends a hung page's process (Electron then emits `render-process-gone`, reason `killed`). */
  forcefullyCrashRenderer(): void;
  isDestroyed(): boolean;
}

/** The parts of Electron's `BrowserWindow` that say the page stopped or started answering again. */
export interface RecoverableWindow {
  on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
  webContents: RecoverableContents;
}

/** The native question when the page fails again within a minute (Electron's `dialog.showMessageBox`). */
export const pageFailedAgainQuestion = {
  type: 'error',
  title: '页面再次意外退出',
  message: '页面在一分钟内再次意外退出或无响应',
  detail:
    '可以重新载入页面（未保存的内容可能丢失），或退出应用后重新打开。如反复出现，请把日志文件（帮助 → 打开日志文件夹）发给技术支持。',
  buttons: ['重新载入', '退出'],
  defaultId: 0,
  cancelId: 1,
  noLink: true,
} as const;

export interface RendererRecoveryDeps {
  window: RecoverableWindow;
  /** Shows `pageFailedAgainQuestion`; answers the button pressed (0 重新载入, 1 退出). */
  askAgain: (question: typeof pageFailedAgainQuestion) => Promise<number>;
  quit: () => void;
  /** The reloaded page shows the banner (shell-notices.ts). */
  onReloaded: () => void;
  /** True while the app quits: a page that goes away then is no crash. */
  isQuitting: () => boolean;
  log: LoggerLike;
  /** How long a hung page may stay hung before it is ended (a long import may block it a while). */
  hangGraceMs?: number;
  /** A second failure within this long asks the clerk instead of reloading again. */
  repeatWindowMs?: number;
  now?: () => number;
}

/**
 * A page that crashes (`render-process-gone`) or stays hung (`unresponsive`, and still so after a grace
 * period) is loaded again, once, and then says so in a banner; if it fails again within a minute, the
 * clerk chooses in a native dialog between 重新载入 and 退出, so a page that crashes at every start does
 * not reload for ever.
 */
export function watchRenderer(deps: RendererRecoveryDeps): void {
  const hangGraceMs = deps.hangGraceMs ?? 10_000;
  const repeatWindowMs = deps.repeatWindowMs ?? 60_000;
  const now = deps.now ?? Date.now;
  const contents = deps.window.webContents;
  let lastRecovery = Number.NEGATIVE_INFINITY;
  let hangTimer: NodeJS.Timeout | null = null;
  let asking = false;

  const stopHangTimer = () => {
    if (hangTimer) clearTimeout(hangTimer);
    hangTimer = null;
  };

  const recover = async (why: string) => {
    if (asking) return;
    if (now() - lastRecovery < repeatWindowMs) {
      asking = true;
      const answer = await deps.askAgain(pageFailedAgainQuestion).finally(() => {
        asking = false;
      });
      if (answer !== 0) {
        deps.log.warn(`renderer: ${why} again within a minute; the clerk chose to quit`);
        deps.quit();
        return;
      }
    }
    if (contents.isDestroyed()) return;
    lastRecovery = now();
    deps.log.warn(`renderer: ${why}; reloading the page`);
    deps.onReloaded();
    contents.reload();
  };

  contents.on('render-process-gone', (_event, details) => {
    stopHangTimer();
    deps.log.error('renderer: the page process is gone', details);
    // A clean exit is a window closing, not a crash; nor is anything while the app quits.
    if (details.reason === 'clean-exit' || deps.isQuitting() || contents.isDestroyed()) return;
    void recover(`page process gone (${details.reason}, exit code ${details.exitCode})`);
  });

  deps.window.on('unresponsive', () => {
    deps.log.warn('renderer: the page does not respond');
    if (hangTimer) return;
    hangTimer = setTimeout(() => {
      hangTimer = null;
      if (deps.isQuitting() || contents.isDestroyed()) return;
      deps.log.error(`renderer: still not responding after ${hangGraceMs} ms; ending its process`);
      // Its `render-process-gone` (reason `killed`) then reloads it like any crash.
      contents.forcefullyCrashRenderer();
    }, hangGraceMs);
  });

  deps.window.on('responsive', () => {
    if (hangTimer) deps.log.info('renderer: the page responds again');
    stopHangTimer();
  });
}

/** The details Electron gives with `app`'s `child-process-gone`. */
export interface ChildProcessGoneDetails {
  type: string;
  reason: string;
  exitCode: number;
  serviceName?: string;
  name?: string;
}

/**
 * Electron's other processes (GPU, network service, utility processes such as the embedded server)
 * going away: logged for support. Chromium restarts its own services; the embedded server is restarted
 * by embedded-server.ts, which watches its own process.
 */
export function logChildProcessGone(log: LoggerLike, details: ChildProcessGoneDetails): void {
  if (details.reason === 'clean-exit') {
    log.info(`child process ${details.type} ${details.serviceName ?? details.name ?? ''} exited cleanly`);
    return;
  }
  log.error(`child process gone: ${details.type} ${details.serviceName ?? details.name ?? ''}`, details);
}
