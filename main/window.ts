import type {
  App,
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
  /** Only the main window's: an http(s) link it asks to open in a new window goes to the system browser. */
  openExternal?: (url: string) => Promise<void> | void;
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

/** Chromium's PDF viewer (its extension's frame inside the PDF preview's iframe). */
const pdfViewer = { protocol: 'chrome-extension:', host: 'mhjfbmdgcfjbbpaeojofohoefgiehjai' };

/**
 * What a frame inside our page may show: our own pages, an object URL our own page made (the PDF preview is
 * `blob:app://renderer/…` in an iframe), an empty frame, and Chromium's PDF viewer that shows that blob.
 */
export function isAllowedSubframeUrl(url: string, devServerUrl?: string): boolean {
  if (isAppUrl(url, devServerUrl) || url === 'about:blank' || url === 'about:srcdoc') return true;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'blob:') return isAppUrl(parsed.pathname, devServerUrl);
    return parsed.protocol === pdfViewer.protocol && parsed.host === pdfViewer.host;
  } catch {
    return false;
  }
}

type NavigationEvent = { preventDefault(): void; url?: string };
type LockableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** Contents already carrying the guards: the main window gets them from `web-contents-created` first. */
const guarded = new WeakSet<object>();

/**
 * No web contents ever leaves the app: a top-level navigation outside `app://renderer` (or the dev server)
 * is stopped, a frame inside shows only what isAllowedSubframeUrl allows, webviews are refused, and every
 * new window is denied. Only the main window's window-open handler (openExternal) sends an http(s) link to
 * the system browser, as it did before the other contents were guarded too. Called twice for the same
 * contents, the navigation guards stay single and the window-open handler is the last one given.
 */
export function lockNavigation(contents: LockableContents, options: NavigationLockOptions = {}): void {
  const { devServerUrl, openExternal } = options;
  if (!guarded.has(contents)) {
    guarded.add(contents);
    const guard = (event: NavigationEvent, url: string | undefined, isMainFrame: boolean) => {
      const target = url ?? event.url ?? '';
      const allowed = isMainFrame ? isAppUrl(target, devServerUrl) : isAllowedSubframeUrl(target, devServerUrl);
      if (!allowed) event.preventDefault();
    };
    // A frame that says nothing about itself is treated as the top one: the stricter rule.
    contents.on('will-navigate', (event, url) => guard(event, url, true));
    contents.on('will-frame-navigate', (event) => guard(event, event.url, event.isMainFrame !== false));
    contents.on('will-redirect', (event, url) => guard(event, url, event.isMainFrame !== false));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  }
  contents.setWindowOpenHandler((details: HandlerDetails): WindowOpenHandlerResponse => {
    if (openExternal && isExternalWebUrl(details.url)) void openExternal(details.url);
    return { action: 'deny' };
  });
}

/**
 * Guards every web contents the app ever makes (a window, a frame's guest, the PDF viewer's), from the
 * moment it exists: registered before `ready`, so none is created unguarded.
 */
export function lockEveryWebContents(app: Pick<App, 'on'>, devServerUrl?: string): void {
  app.on('web-contents-created', (_event, contents) => lockNavigation(contents, { devServerUrl }));
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
