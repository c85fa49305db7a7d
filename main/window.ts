import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  HandlerDetails,
  Session,
  WebContents,
  WindowOpenHandlerResponse,
} from 'electron';
import { appEntryUrl } from './app-protocol';
import { isAppUrl } from './trusted-origin';
import { windowPlacement, type WindowPlacement } from './window-state';

export const productName = '二手车出口业务管理系统';

/** A 1920×1080 screen's work area: where a window opens when the caller names no screen. */
const fallbackWorkArea = { x: 0, y: 0, width: 1920, height: 1040 };

export interface MainWindowExtras {
  iconPath?: string;
  /** Where and how large (window-state.ts); the first run's placement on a 1920×1080 screen otherwise. */
  placement?: WindowPlacement;
  /** Developer tools at all: never in a packaged app (dev-mode.ts). */
  devTools?: boolean;
}

/** The options that make the renderer an ordinary, sandboxed web page with no Node. */
export function mainWindowOptions(preloadPath: string, extras: MainWindowExtras = {}): BrowserWindowConstructorOptions {
  const { iconPath, devTools = false } = extras;
  const placement = extras.placement ?? windowPlacement(null, [fallbackWorkArea], fallbackWorkArea);
  return {
    title: productName,
    ...placement.bounds,
    minWidth: placement.minWidth,
    minHeight: placement.minHeight,
    show: false,
    backgroundColor: '#ffffff',
    autoHideMenuBar: true,
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools,
      // Chromium's PDF viewer shows PDF previews (a blob: URL in an iframe); it needs plugins on.
      plugins: true,
    },
  };
}

export interface NavigationLockOptions {
  devServerUrl?: string;
  openExternal: (url: string) => Promise<void> | void;
}

/** Only http and https leave the app, and only to the system browser: never file:, javascript: or others. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

type NavigationEvent = { preventDefault(): void; url?: string };
type LockableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/**
 * The window never leaves the app: navigation outside `app://renderer` (or the dev server) is stopped, new
 * windows are refused, and an http(s) link asked for in a new window opens in the system browser.
 */
export function lockNavigation(contents: LockableContents, options: NavigationLockOptions): void {
  const guard = (event: NavigationEvent, url: string) => {
    if (!isAppUrl(url, options.devServerUrl)) event.preventDefault();
  };
  contents.on('will-navigate', (event, url) => guard(event, url ?? event.url ?? ''));
  contents.on('will-redirect', (event, url) => guard(event, url ?? event.url ?? ''));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler((details: HandlerDetails): WindowOpenHandlerResponse => {
    if (isExternalWebUrl(details.url)) void options.openExternal(details.url);
    return { action: 'deny' };
  });
}

/**
 * Permissions a back-office page may use: the fullscreen button, copying to the clipboard, and reaching
 * the API on this PC (the embedded server on 127.0.0.1) or the office server on the LAN. From Electron 43
 * Chromium's Local Network Access asks before a page reaches loopback or private addresses (Chromium
 * names it `local-network-access`, later split into `loopback-network` and `local-network`); refused,
 * every API call would fail. Only our own page gets them (isAppUrl); nothing else is ever granted.
 */
const grantedPermissions = new Set([
  'fullscreen',
  'clipboard-sanitized-write',
  'local-network-access',
  'loopback-network',
  'local-network',
]);

export function isPermissionGranted(permission: string, requestingUrl: string | undefined, devServerUrl?: string) {
  return grantedPermissions.has(permission) && isAppUrl(requestingUrl, devServerUrl);
}

/** Camera, microphone, geolocation, notifications, USB…: refused for every page. */
export function lockPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
  devServerUrl?: string,
) {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionGranted(permission, details.requestingUrl, devServerUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionGranted(permission, requestingOrigin, devServerUrl),
  );
}

/** The question a form with unsaved changes asks when the window is closed (the page asks the same in-app). */
export const leaveQuestion = {
  type: 'question',
  title: '有未保存的修改',
  message: '有未保存的修改，确定离开吗？',
  detail: '离开后，本页填写的内容不会保存。',
  buttons: ['离开', '继续编辑'],
  defaultId: 1,
  cancelId: 1,
  noLink: true,
} as const;

/** Answers the index of the button pressed (Electron's `dialog.showMessageBoxSync` over the window). */
export type AskLeave = (question: typeof leaveQuestion) => number;

type UnloadContents = Pick<WebContents, 'on'>;

/**
 * A page with unsaved changes cancels its unload (`beforeunload`); Electron then closes nothing and asks
 * no one. Here the clerk is asked, in Chinese: 离开 lets the window close (or reload), 继续编辑 keeps it.
 */
export function askBeforeUnload(contents: UnloadContents, askLeave: AskLeave): void {
  contents.on('will-prevent-unload', (event) => {
    if (askLeave(leaveQuestion) === 0) event.preventDefault();
  });
}

export interface CreateWindowDeps extends MainWindowExtras {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  preloadPath: string;
  devServerUrl?: string;
  openExternal: (url: string) => Promise<void> | void;
  /** The native question before a window with unsaved changes closes. */
  askLeave: (window: BrowserWindow, question: typeof leaveQuestion) => number;
}

export function createMainWindow(deps: CreateWindowDeps): BrowserWindow {
  const window = new deps.BrowserWindow(mainWindowOptions(deps.preloadPath, deps));
  lockNavigation(window.webContents, { devServerUrl: deps.devServerUrl, openExternal: deps.openExternal });
  askBeforeUnload(window.webContents, (question) => deps.askLeave(window, question));
  window.once('ready-to-show', () => {
    // Electron's maximize() also shows the window; its bounds stay what un-maximising brings back.
    if (deps.placement?.maximized) window.maximize();
    else window.show();
  });
  void window.loadURL(deps.devServerUrl ?? appEntryUrl);
  return window;
}
