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
} as const;
