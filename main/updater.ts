/**
 * Updates from the office (issue 13, point 8): `electron-updater`'s generic provider reads `latest.yml`
 * and the installer from the office server's `/updates/` (server/src/plugins/update-feed.ts, UPDATES_DIR),
 * so PCs without internet update from the office. Only a packaged app on an office server checks: the
 * embedded server has no feed, and a development run has nothing to replace. The download happens in the
 * background; the clerk is asked before the app restarts (a form may be half typed), and 稍后 installs it
 * when the app is next closed.
 */
import type { ConnectionState } from '../contract/desktop-api';

/** What this module needs of electron-updater's `autoUpdater` (a fake in tests). */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** The native question once a new version is downloaded (Electron's `dialog.showMessageBox`). */
export interface RestartQuestion {
  type: 'info';
  title: string;
  message: string;
  detail: string;
  buttons: ['立即重启并安装', '稍后'];
  defaultId: 0;
  cancelId: 1;
  noLink: true;
}

export const restartQuestion = (version: string): RestartQuestion => ({
  type: 'info',
  title: '发现新版本',
  message: `新版本 ${version} 已下载完成`,
  detail: '重启后即完成安装，请先保存正在填写的内容。选择“稍后”则在下次关闭程序时安装。',
  buttons: ['立即重启并安装', '稍后'],
  defaultId: 0,
  cancelId: 1,
  noLink: true,
});

/** Every four hours: the app runs all day on a clerk's PC. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/** The feed of a connection: the office server's `/updates/`; none for the embedded server. */
export const updateFeedUrl = (connection: Pick<ConnectionState, 'mode' | 'officeUrl'>): string | null => {
  if (connection.mode !== 'office' || !connection.officeUrl) return null;
  try {
    const origin = new URL(connection.officeUrl).origin;
    return origin === 'null' ? null : `${origin}/updates/`;
  } catch {
    return null;
  }
};

export interface UpdatesDeps {
  /** Asked only when updates are checked: electron-updater's `autoUpdater` builds itself on first use. */
  updater: () => UpdaterLike;
  isPackaged: boolean;
  /** Answers the button pressed (0 立即重启并安装, 1 稍后). */
  askRestart: (question: RestartQuestion) => Promise<number>;
  log: { info: (message: string) => void; warn: (message: string, error?: unknown) => void };
  setInterval?: (run: () => void, ms: number) => unknown;
}

/** Starts checking `feedUrl`; answers false (and does nothing) when there is nothing to check. */
export function startUpdates(feedUrl: string | null, deps: UpdatesDeps): boolean {
  if (!deps.isPackaged || feedUrl === null) return false;
  const { log } = deps;
  const updater = deps.updater();
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  updater.setFeedURL({ provider: 'generic', url: feedUrl });

  let asked = false;
  updater.on('update-downloaded', (info) => {
    // One question per run: the periodic check finds the same download again.
    if (asked) return;
    asked = true;
    log.info(`update ${info.version} downloaded from ${feedUrl}`);
    void deps.askRestart(restartQuestion(info.version)).then((button) => {
      if (button === 0) updater.quitAndInstall();
    });
  });
  // An office server without UPDATES_DIR answers 404: not the clerk's business, only the log's.
  updater.on('error', (error) => log.warn(`update check at ${feedUrl} failed`, error));

  const check = () => {
    updater.checkForUpdates().catch((error: unknown) => log.warn(`update check at ${feedUrl} failed`, error));
  };
  check();
  (deps.setInterval ?? setInterval)(check, UPDATE_CHECK_INTERVAL_MS);
  return true;
}
