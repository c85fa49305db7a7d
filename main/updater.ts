/**
 * Updates from the office (issue 13, point 8): `electron-updater`'s generic provider reads `latest.yml`
 * and the installer from the office server's `/updates/` (server/src/plugins/update-feed.ts, UPDATES_DIR),
 * so PCs without internet update from the office. Only a packaged app on an office server checks: the
 * embedded server has no feed, and a development run has nothing to replace. The download happens in the
 * background; the clerk is asked before the app restarts (a form may be half typed), and 稍后 installs it
 * when the app is next closed.
 *
 * An update is installed only when it is provably ours (issue 19, point 2): anyone on the office network,
 * or with write access to UPDATES_DIR, can put an installer in the feed. So the installer's Authenticode
 * signature must name the publisher this app was built with (resources/app-update.yml's `publisherName`,
 * written by a signed build, scripts/windows-signing.mjs). An unsigned build has none: it never downloads
 * or installs anything, it only tells the clerk a new version exists. HTTPS can be required in addition
 * (UPDATES_HTTPS_ONLY=1 on the PC), never instead of the signature.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConnectionState } from '../contract/desktop-api';

/** electron-updater's own Authenticode check (NsisUpdater): null when signed by one of the names, else why not. */
export type VerifySignature = (publisherNames: string[], file: string) => Promise<string | null>;

/** What this module needs of electron-updater's `autoUpdater` (a fake in tests). */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>;
  quitAndInstall(): void;
  /** Windows only (NsisUpdater); without it nothing is installed automatically. */
  verifyUpdateCodeSignature?: VerifySignature;
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string; downloadedFile: string }) => void): unknown;
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

/** Why a new version is not installed automatically: the clerk is told to ask the administrator. */
export type ManualReason = 'unsigned' | 'http' | 'signature';

const manualDetails: Record<ManualReason, string> = {
  unsigned: '本程序是未签名的版本，不能自动安装更新，需由管理员安装新版本。',
  http: '按本单位的设置，更新只从 HTTPS 地址自动安装，当前服务器地址不是 HTTPS。',
  signature: '新版本安装程序的签名与本程序的发布者不符，已拒绝安装。',
};

export interface ContactAdminNotice {
  type: 'info' | 'warning';
  title: string;
  message: string;
  detail: string;
  buttons: ['知道了'];
  defaultId: 0;
  cancelId: 0;
  noLink: true;
}

export const contactAdminNotice = (version: string, reason: ManualReason): ContactAdminNotice => ({
  type: reason === 'signature' ? 'warning' : 'info',
  title: '发现新版本',
  message: `有新版本 ${version}，请联系管理员安装`,
  detail: manualDetails[reason],
  buttons: ['知道了'],
  defaultId: 0,
  cancelId: 0,
  noLink: true,
});

/**
 * The decision (signed or not × http or https): install automatically only with a publisher to check the
 * installer's signature against, electron-updater's check to do it, and HTTPS where the office requires it.
 */
export function updatePolicy(options: {
  publisherNames: readonly string[];
  feedUrl: string;
  requireHttps: boolean;
  canVerify: boolean;
}): { install: true } | { install: false; reason: ManualReason } {
  if (options.publisherNames.length === 0 || !options.canVerify) return { install: false, reason: 'unsigned' };
  if (options.requireHttps && new URL(options.feedUrl).protocol !== 'https:') return { install: false, reason: 'http' };
  return { install: true };
}

const unquote = (value: string): string | null => {
  const text = value.trim();
  if (text.startsWith('"')) {
    try {
      return JSON.parse(text) as string;
    } catch {
      return null;
    }
  }
  if (text.startsWith("'"))
    return text.endsWith("'") && text.length > 1 ? text.slice(1, -1).replaceAll("''", "'") : null;
  return text === '' || /^[[{&*!|>%@`#]/.test(text) ? null : text;
};

/**
 * The publisher names in app-update.yml as electron-builder writes them (`publisherName:` with one name,
 * or a list of `- name`). Anything else reads as none: the safe side (no automatic install).
 */
export function readBuildPublisher(yaml: string): string[] {
  const lines = yaml.split(/\r?\n/);
  const at = lines.findIndex((line) => /^publisherName:/.test(line));
  if (at < 0) return [];
  const inline = lines[at]!.slice('publisherName:'.length);
  if (inline.trim() !== '') {
    const name = unquote(inline);
    return name ? [name] : [];
  }
  const names: string[] = [];
  for (const line of lines.slice(at + 1)) {
    const item = /^\s+-\s(.*)$/.exec(line);
    if (!item) break;
    const name = unquote(item[1] ?? '');
    if (!name) return [];
    names.push(name);
  }
  return names;
}

/** The publisher the running app was built with; none when the file is missing or unreadable. */
export function builtPublisher(appUpdateConfig: string): string[] {
  try {
    return readBuildPublisher(readFileSync(appUpdateConfig, 'utf8'));
  } catch {
    return [];
  }
}

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
  /**
   * Shows a native message box (Electron's `dialog.showMessageBox`) and answers the button pressed: the
   * restart question (0 立即重启并安装, 1 稍后) or the notice to ask the administrator.
   */
  askRestart: (question: RestartQuestion | ContactAdminNotice) => Promise<number>;
  log: { info: (message: string) => void; warn: (message: string, error?: unknown) => void };
  setInterval?: (run: () => void, ms: number) => unknown;
  /** The build's app-update.yml (default: the packaged app's resources/). */
  appUpdateConfig?: string;
  /** UPDATES_HTTPS_ONLY=1 (set on the PC by the office): an http:// feed is never installed from. */
  requireHttps?: boolean;
}

const defaultAppUpdateConfig = () =>
  join((process as NodeJS.Process & { resourcesPath?: string }).resourcesPath ?? '', 'app-update.yml');

/** Starts checking `feedUrl`; answers false (and does nothing) when there is nothing to check. */
export function startUpdates(feedUrl: string | null, deps: UpdatesDeps): boolean {
  if (!deps.isPackaged || feedUrl === null) return false;
  const { log } = deps;
  const updater = deps.updater();
  const publisherNames = builtPublisher(deps.appUpdateConfig ?? defaultAppUpdateConfig());
  const verify = updater.verifyUpdateCodeSignature;
  const policy = updatePolicy({
    publisherNames,
    feedUrl,
    requireHttps: deps.requireHttps ?? process.env.UPDATES_HTTPS_ONLY === '1',
    canVerify: typeof verify === 'function',
  });
  // Nothing is fetched beyond latest.yml unless it may be installed; and nothing installs at quit before
  // this module has checked the signature itself (below).
  updater.autoDownload = policy.install;
  updater.autoInstallOnAppQuit = policy.install;
  updater.setFeedURL({ provider: 'generic', url: feedUrl });
  log.info(
    policy.install
      ? `updates from ${feedUrl} install when signed by ${publisherNames.join(' | ')}`
      : `updates from ${feedUrl} are announced only (${policy.reason})`,
  );

  // One message per version and run: the periodic check finds the same version again.
  const told = new Set<string>();
  const tellAdmin = (version: string, reason: ManualReason) => {
    if (told.has(version)) return;
    told.add(version);
    void deps.askRestart(contactAdminNotice(version, reason));
  };
  let latestVersion = '';
  updater.on('update-available', (info) => {
    latestVersion = info.version;
    if (!policy.install) tellAdmin(info.version, policy.reason);
  });

  let asked = false;
  updater.on('update-downloaded', (info) => {
    if (!policy.install || !verify) return;
    // electron-updater checked a fresh download already, but not one it found in its cache, and it skips
    // the check when it reads no publisher: check here too, against the publisher read above. Until then
    // nothing installs at quit (set after electron-updater has hooked its quit handler, which it does
    // right after this event, and only when autoInstallOnAppQuit is on).
    void Promise.resolve()
      .then(() => {
        updater.autoInstallOnAppQuit = false;
        return verify(publisherNames, info.downloadedFile);
      })
      .then(
        (refusal) => {
          if (refusal !== null) {
            log.warn(`update ${info.version} refused: ${refusal}`);
            tellAdmin(info.version, 'signature');
            return;
          }
          updater.autoInstallOnAppQuit = true;
          // One question per run: the periodic check finds the same download again.
          if (asked) return;
          asked = true;
          log.info(`update ${info.version} downloaded from ${feedUrl}, signed by ${publisherNames.join(' | ')}`);
          void deps.askRestart(restartQuestion(info.version)).then((button) => {
            if (button === 0) updater.quitAndInstall();
          });
        },
        (error: unknown) => log.warn(`update ${info.version}: signature check failed`, error),
      );
  });
  updater.on('error', (error) => {
    // electron-updater's own check refused a fresh download: someone else's installer is in the feed.
    if ((error as Error & { code?: string }).code === 'ERR_UPDATER_INVALID_SIGNATURE') {
      log.warn(`update ${latestVersion} refused by its signature check`, error);
      tellAdmin(latestVersion, 'signature');
      return;
    }
    // An office server without UPDATES_DIR answers 404: not the clerk's business, only the log's.
    log.warn(`update check at ${feedUrl} failed`, error);
  });

  const check = () => {
    updater
      .checkForUpdates()
      // A failed download is reported as an `error` event above; its promise only needs catching.
      .then((result) => result?.downloadPromise?.catch(() => undefined))
      .catch((error: unknown) => log.warn(`update check at ${feedUrl} failed`, error));
  };
  check();
  (deps.setInterval ?? setInterval)(check, UPDATE_CHECK_INTERVAL_MS);
  return true;
}
