/**
 * The one list of what the renderer may ask of the desktop shell. Electron's preload exposes it as
 * `window.desktop`; in a plain browser `renderer/src/platform/web-desktop.ts` implements the same type.
 */

/** Where the API lives: the server the app starts itself, or the office's shared server. */
export type ServerMode = 'embedded' | 'office';

export interface ConnectionSettings {
  mode: ServerMode;
  /** The office server, e.g. `https://10.0.0.5:8787`; ignored in embedded mode. */
  officeUrl: string;
}

export interface ConnectionState extends ConnectionSettings {
  /** The base URL the renderer calls now (`http://127.0.0.1:<port>` when embedded). Empty while starting. */
  apiBase: string;
  /** Set when the embedded server could not start: shown on the connection screen. */
  error?: string;
}

export interface ConnectionTestResult {
  ok: boolean;
  message: string;
}

/** Remembered choices of the interface: they survive logout. */
export interface UiSettings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  size: 'default' | 'medium' | 'small' | 'mini';
  /** Column chooser choices per table key. */
  columns: Record<string, string[]>;
  /** Where exports are saved; empty means the Downloads folder. */
  downloadFolder: string;
}

export const defaultUiSettings: UiSettings = {
  themeColor: '#409EFF',
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  size: 'default',
  columns: {},
  downloadFolder: '',
};

export type TokenSaveResult =
  | { stored: 'encrypted' }
  /** The browser: in the tab's sessionStorage, gone when the tab closes (DESIGN.md). */
  | { stored: 'session' }
  /** No real encryption backend (Linux without a keyring): kept in memory only, gone at quit. */
  | { stored: 'memory'; reason: string };

/** One entry of an open dialog's type list, e.g. `{ name: 'Excel', extensions: ['xlsx', 'xls'] }`. */
export interface FileFilter {
  name: string;
  /** Without the dot, lower case. */
  extensions: string[];
}

export interface OpenFileOptions {
  /** The dialog's title. */
  title?: string;
  filters: FileFilter[];
  /** Larger files are refused before their bytes are read (at most `openFileMaxBytes`). */
  maxBytes?: number;
  /** What the refusal of a larger file says (the spec's own message); a general Chinese one otherwise. */
  tooLargeMessage?: string;
}

/** A file the clerk picked: its name and bytes, never its path on disk. */
export interface OpenedFile {
  name: string;
  bytes: Uint8Array;
  size: number;
}

/** The most a picked file may weigh to cross the bridge (the largest upload limit, API.md). */
export const openFileMaxBytes = 20 * 1024 * 1024;

/** `3MB`, `100KB`: the way the spec writes limits. */
export function formatFileSize(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb) return Number.isInteger(bytes / mb) ? `${bytes / mb}MB` : `${(bytes / mb).toFixed(1)}MB`;
  if (bytes >= 1024) return `${Math.floor(bytes / 1024)}KB`;
  return `${bytes}B`;
}

/** What both implementations of `files` say, word for word. */
export const desktopFileMessages = {
  wrongType: '文件类型错误!',
  tooLarge: (maxBytes: number) => `文件过大，不能超过 ${formatFileSize(maxBytes)}`,
  notExcel: '下载失败：服务器返回的不是 Excel 文件',
  notZip: '下载失败：服务器返回的不是压缩包',
  timeout: '下载超时，请稍后再试',
  showRefused: '拒绝打开：只能打开本应用刚刚下载的文件所在的文件夹',
  showInBrowser: '浏览器版本无法打开文件夹，请在浏览器的下载列表中查看',
} as const;

export interface DownloadExportRequest {
  /** The `download_url` of an export answer: a `/storage/exports/….xlsx` path. */
  url: string;
  /** The name the file is saved under (sanitised; `.xlsx` added when missing). */
  suggestedName: string;
  /** Names this download in progress events and in `cancelDownload`. */
  downloadId?: string;
}

export type DownloadExportResult =
  /**
   * Electron: the full path written and whether the spreadsheet program was started (`openError` says why
   * not). The browser: the file name handed to the browser's own download, `opened: false`.
   */
  { savedTo: string; opened: boolean; openError?: string } | { cancelled: true };

export interface DownloadArchiveRequest {
  /** The `path` of a finished contract's document zip: a `/storage/exports/….zip` path. */
  url: string;
  /** The name the file is saved under (sanitised; `.zip` added when missing). */
  suggestedName: string;
  /** Names this download in progress events and in `cancelDownload`. */
  downloadId?: string;
}

export type DownloadArchiveResult =
  /**
   * Electron: the full path written (never opened: `showInFolder` may show it). The browser: the file name
   * handed to the browser's own download.
   */
  { savedTo: string } | { cancelled: true };

export interface DownloadProgress {
  downloadId: string;
  url: string;
  received: number;
  /** Null when the server did not say the size. */
  total: number | null;
  /** 0 to 100, or null when the total is unknown. */
  percent: number | null;
}

export type DownloadProgressListener = (progress: DownloadProgress) => void;

/**
 * What the desktop shell has to tell the clerk about itself, shown as a banner above every screen
 * (renderer/src/platform/shell-notice-banner.tsx). The browser never has any.
 */
export interface ShellNotice {
  /** The page crashed or hung and main loaded it again: what was typed and not saved may be gone. */
  pageReloaded: boolean;
  /**
   * The embedded server exited unexpectedly: main is starting it again (`restarting`), or gave up after
   * too many exits in a short time (`failed`). Null while it answers, and always with an office server.
   */
  server: null | { state: 'restarting' | 'failed'; message: string };
}

export const noShellNotice: ShellNotice = { pageReloaded: false, server: null };

export const shellNoticeMessages = {
  pageReloaded: '页面意外退出，已重新载入；未保存的内容可能丢失',
  serverRestarting: '内置服务器意外退出，正在重新启动…',
  serverFailed:
    '内置服务器在短时间内多次意外退出，已停止自动重启。请重新启动应用；如仍失败，请把日志文件（帮助 → 打开日志文件夹）发给技术支持',
} as const;

export type ShellNoticeListener = (notice: ShellNotice) => void;

/** Where the overdue notification leads (issue 25): the deadline list, the late ones only. */
export const overdueListPath = '/deadline/list?state=overdue';

/** What the desktop's deadline notification says (issue 25). */
export const reminderMessages = {
  title: '到期提醒',
  overdue: (count: number) => `有 ${count} 项已逾期`,
} as const;

/** Main asks the page to open one of its screens (the notification was clicked): an app path. */
export type OpenPathListener = (path: string) => void;

export interface DesktopApi {
  readonly kind: 'electron' | 'web';
  token: {
    get(): Promise<string | null>;
    set(token: string): Promise<TokenSaveResult>;
    clear(): Promise<void>;
  };
  settings: {
    get(): Promise<UiSettings>;
    set(patch: Partial<UiSettings>): Promise<UiSettings>;
  };
  connection: {
    get(): Promise<ConnectionState>;
    set(settings: ConnectionSettings): Promise<ConnectionState>;
    test(url: string): Promise<ConnectionTestResult>;
  };
  app: {
    version(): Promise<string>;
    /**
     * The shell's notice now. Reading it ends `pageReloaded` (the page that read it shows it until the clerk
     * closes it); `server` stays until the server answers again.
     */
    notice(): Promise<ShellNotice>;
    /** Subscribes to changes of the notice (the server restarting, answering again, giving up). */
    onNotice(listener: ShellNoticeListener): () => void;
  };
  files: {
    /** The native open dialog (Electron) or a file input (browser); null when the clerk cancels. */
    openFile(options: OpenFileOptions): Promise<OpenedFile | null>;
    /**
     * Downloads an export with the token. Electron: saved to the remembered folder (or Downloads) without
     * overwriting anything, then opened in the spreadsheet program. Browser: an ordinary download.
     */
    downloadExport(request: DownloadExportRequest): Promise<DownloadExportResult>;
    /**
     * Downloads a finished contract's document zip with the token, like an export but without opening it.
     * Electron: saved to the remembered folder (or Downloads) without overwriting. Browser: an ordinary download.
     */
    downloadArchive(request: DownloadArchiveRequest): Promise<DownloadArchiveResult>;
    /**
     * Electron: the file manager showing a file this app downloaded in this run (any other path is refused,
     * as `openPath` is limited in main). The browser cannot: it refuses with a sentence saying where to look.
     */
    showInFolder(path: string): Promise<void>;
    /** Stops a download in progress: its `downloadExport` or `downloadArchive` answers `{ cancelled: true }`. */
    cancelDownload(downloadId: string): Promise<void>;
    /** Electron: a folder dialog, remembered as `UiSettings.downloadFolder`; null when cancelled. */
    chooseDownloadFolder(): Promise<string | null>;
    /** Subscribes to download progress; answers the function that unsubscribes. */
    onDownloadProgress(listener: DownloadProgressListener): () => void;
  };
  reminders: {
    /**
     * After login, the number of overdue deadlines. Electron shows one system notification a day (the first
     * report of the day with any), which opens the deadline list; answers whether it was shown now. The
     * browser never notifies (its top bar's bell shows the count) and answers false.
     */
    reportOverdue(count: number): Promise<boolean>;
    /** Subscribes to main asking the page to open a screen (the notification clicked). */
    onOpen(listener: OpenPathListener): () => void;
  };
  backup: {
    /**
     * Electron with its embedded server: the folder it backs up to (the one chosen, else
     * 文档\二手车出口业务管理系统\备份). Null with an office server and in the browser: the page shows the
     * server's own folder, read-only.
     */
    folder(): Promise<string | null>;
    /**
     * Electron with its embedded server: a native folder dialog; the choice is remembered and the embedded
     * server restarts with it. Null when cancelled, with an office server, and in the browser.
     */
    chooseFolder(): Promise<string | null>;
  };
}

/** IPC channel names: every one prefixed `desktop:` (DESIGN.md). */
export const desktopChannels = {
  tokenGet: 'desktop:token:get',
  tokenSet: 'desktop:token:set',
  tokenClear: 'desktop:token:clear',
  settingsGet: 'desktop:settings:get',
  settingsSet: 'desktop:settings:set',
  connectionGet: 'desktop:connection:get',
  connectionSet: 'desktop:connection:set',
  connectionTest: 'desktop:connection:test',
  appVersion: 'desktop:app:version',
  appNotice: 'desktop:app:notice',
  filesOpen: 'desktop:files:open',
  filesDownloadExport: 'desktop:files:download-export',
  filesCancelDownload: 'desktop:files:cancel-download',
  filesDownloadArchive: 'desktop:files:download-archive',
  filesShowInFolder: 'desktop:files:show-in-folder',
  filesChooseDownloadFolder: 'desktop:files:choose-download-folder',
  remindersReportOverdue: 'desktop:reminders:report-overdue',
  backupFolder: 'desktop:backup:folder',
  backupChooseFolder: 'desktop:backup:choose-folder',
} as const;

/** Messages main sends to the page (not invoked by it): also `desktop:` (DESIGN.md). */
export const desktopEvents = {
  downloadProgress: 'desktop:files:download-progress',
  noticeChanged: 'desktop:app:notice-changed',
  remindersOpen: 'desktop:reminders:open',
} as const;

/**
 * What each invoked channel carries, read from `DesktopApi`: its arguments and its answer. Main's handler
 * map and the preload are typed from it, so a channel without a handler, or a handler answering the
 * wrong thing, does not compile.
 */
export interface DesktopInvokes {
  [desktopChannels.tokenGet]: DesktopApi['token']['get'];
  [desktopChannels.tokenSet]: DesktopApi['token']['set'];
  [desktopChannels.tokenClear]: DesktopApi['token']['clear'];
  [desktopChannels.settingsGet]: DesktopApi['settings']['get'];
  [desktopChannels.settingsSet]: DesktopApi['settings']['set'];
  [desktopChannels.connectionGet]: DesktopApi['connection']['get'];
  [desktopChannels.connectionSet]: DesktopApi['connection']['set'];
  [desktopChannels.connectionTest]: DesktopApi['connection']['test'];
  [desktopChannels.appVersion]: DesktopApi['app']['version'];
  [desktopChannels.appNotice]: DesktopApi['app']['notice'];
  [desktopChannels.filesOpen]: DesktopApi['files']['openFile'];
  [desktopChannels.filesDownloadExport]: DesktopApi['files']['downloadExport'];
  [desktopChannels.filesCancelDownload]: DesktopApi['files']['cancelDownload'];
  [desktopChannels.filesDownloadArchive]: DesktopApi['files']['downloadArchive'];
  [desktopChannels.filesShowInFolder]: DesktopApi['files']['showInFolder'];
  [desktopChannels.filesChooseDownloadFolder]: DesktopApi['files']['chooseDownloadFolder'];
  [desktopChannels.remindersReportOverdue]: DesktopApi['reminders']['reportOverdue'];
  [desktopChannels.backupFolder]: DesktopApi['backup']['folder'];
  [desktopChannels.backupChooseFolder]: DesktopApi['backup']['chooseFolder'];
}

export type DesktopChannel = keyof DesktopInvokes;
export type DesktopArgs<C extends DesktopChannel> = Parameters<DesktopInvokes[C]>;
export type DesktopAnswer<C extends DesktopChannel> = Awaited<ReturnType<DesktopInvokes[C]>>;

/** What each main-to-page event carries. */
export interface DesktopEventPayloads {
  [desktopEvents.downloadProgress]: DownloadProgress;
  [desktopEvents.noticeChanged]: ShellNotice;
  [desktopEvents.remindersOpen]: string;
}

// Every channel of `desktopChannels` has its entry above (and no other key is there).
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyChannelTyped: Exactly<DesktopChannel, (typeof desktopChannels)[keyof typeof desktopChannels]> = true;
void everyChannelTyped;
