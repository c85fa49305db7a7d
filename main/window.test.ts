import { EventEmitter } from 'node:events';
import type { BrowserWindow, BrowserWindowConstructorOptions, HandlerDetails, Session, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  askBeforeUnload,
  createMainWindow,
  isAllowedSubframeUrl,
  isPermissionGranted,
  leaveQuestion,
  lockEveryWebContents,
  lockNavigation,
  lockPermissions,
  mainWindowOptions,
} from './window';

/** Hand-made stand-ins for the few WebContents and BrowserWindow members the window code uses. */
class FakeWebContents extends EventEmitter {
  openHandler: ((details: HandlerDetails) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: HandlerDetails) => { action: string }) {
    this.openHandler = handler;
  }
  /** Emits like Electron: an event whose preventDefault() can be called, then the URL (but for will-frame-navigate). */
  attempt(
    name: 'will-navigate' | 'will-redirect' | 'will-attach-webview' | 'will-frame-navigate',
    url: string,
    isMainFrame = true,
  ) {
    let prevented = false;
    const event = { preventDefault: () => (prevented = true), url, isMainFrame };
    if (name === 'will-frame-navigate') this.emit(name, event);
    else this.emit(name, event, url);
    return prevented;
  }
}

const openDetails = (url: string) => ({ url }) as HandlerDetails;

function lockedContents(devServerUrl?: string) {
  const contents = new FakeWebContents();
  const opened: string[] = [];
  lockNavigation(contents as unknown as WebContents, { devServerUrl, openExternal: (url) => void opened.push(url) });
  return { contents, opened };
}

describe('main window', () => {
  it('is sandboxed, isolated and has no Node', () => {
    const options = mainWindowOptions('/app/dist-electron/preload.cjs');
    expect(options.webPreferences).toMatchObject({
      preload: '/app/dist-electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(options.title).toBe('二手车出口业务管理系统');
    // Developer tools only when asked for (a developer's run, never a packaged app: dev-mode.ts).
    expect(options.webPreferences?.devTools).toBe(false);
    expect(mainWindowOptions('/p.cjs', { devTools: true }).webPreferences?.devTools).toBe(true);
    // Electron's remote module no longer exists; nothing may try to turn it back on.
    expect(JSON.stringify(options)).not.toMatch(/enableRemoteModule|remote/);
  });

  it('stays inside app://renderer', () => {
    const { contents } = lockedContents();
    expect(contents.attempt('will-navigate', 'app://renderer/staff')).toBe(false);
    expect(contents.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.attempt('will-navigate', 'file:///C:/Windows/win.ini')).toBe(true);
    expect(contents.attempt('will-navigate', 'app://other/index.html')).toBe(true);
    expect(contents.attempt('will-navigate', 'http://localhost:5173/')).toBe(true);
    expect(contents.attempt('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.attempt('will-attach-webview', 'https://evil.example/')).toBe(true);
  });

  it('stops any frame of the page from going elsewhere; the PDF preview’s own object URL shows in its iframe', () => {
    const { contents } = lockedContents();
    // The top frame, as will-frame-navigate reports it too.
    expect(contents.attempt('will-frame-navigate', 'app://renderer/staff', true)).toBe(false);
    expect(contents.attempt('will-frame-navigate', 'https://evil.example/', true)).toBe(true);
    expect(contents.attempt('will-frame-navigate', 'blob:app://renderer/5f0c', true)).toBe(true);
    // An iframe: the PDF preview's object URL, Chromium's PDF viewer in it, an empty frame.
    for (const url of [
      'blob:app://renderer/5f0c2d7e-1111-4c8e-9d0a-2b6f1c3e4a5b',
      'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.html',
      'about:blank',
    ]) {
      expect(contents.attempt('will-frame-navigate', url, false), url).toBe(false);
    }
    // …and nothing else: another site, someone else's object URL, another extension, a local file.
    for (const url of [
      'https://evil.example/',
      'blob:https://evil.example/5f0c',
      'chrome-extension://aaaabbbbccccddddeeeeffffgggghhhh/index.html',
      'file:///C:/Windows/win.ini',
      'data:text/html,<script>alert(1)</script>',
      'javascript:alert(1)',
    ]) {
      expect(contents.attempt('will-frame-navigate', url, false), url).toBe(true);
      expect(contents.attempt('will-redirect', url, false), url).toBe(true);
    }
    expect(isAllowedSubframeUrl('blob:http://localhost:5173/5f0c', 'http://localhost:5173/')).toBe(true);
    expect(isAllowedSubframeUrl('blob:http://localhost:5173/5f0c')).toBe(false);
  });

  it('allows the vite dev server only while developing', () => {
    const { contents } = lockedContents('http://localhost:5173/');
    expect(contents.attempt('will-navigate', 'http://localhost:5173/login')).toBe(false);
    expect(contents.attempt('will-navigate', 'http://localhost:5174/login')).toBe(true);
  });

  it('denies every new window and opens only http(s) links in the system browser', () => {
    const { contents, opened } = lockedContents();
    for (const url of [
      'https://www.example.com/help',
      'http://10.0.0.5/doc',
      'file:///C:/Windows/System32/calc.exe',
      'javascript:alert(1)',
      'smb://server/share',
      'app://renderer/dashboard',
      'not a url',
    ]) {
      expect(contents.openHandler?.(openDetails(url))).toEqual({ action: 'deny' });
    }
    expect(opened).toEqual(['https://www.example.com/help', 'http://10.0.0.5/doc']);
  });

  it('guards every web contents the app makes, from web-contents-created, and denies all their new windows', () => {
    const app = new EventEmitter();
    lockEveryWebContents(app as unknown as Parameters<typeof lockEveryWebContents>[0]);
    const other = new FakeWebContents();
    app.emit('web-contents-created', {}, other);
    expect(other.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(other.attempt('will-navigate', 'app://renderer/')).toBe(false);
    expect(other.attempt('will-redirect', 'http://10.0.0.5/')).toBe(true);
    expect(other.attempt('will-frame-navigate', 'https://evil.example/', false)).toBe(true);
    expect(other.attempt('will-attach-webview', 'https://evil.example/')).toBe(true);
    // Not the main window: no link of it reaches the system browser either.
    expect(other.openHandler?.(openDetails('https://www.example.com/help'))).toEqual({ action: 'deny' });
    expect(other.openHandler?.(openDetails('app://renderer/'))).toEqual({ action: 'deny' });
  });

  const created: { options: BrowserWindowConstructorOptions; loaded: string[]; window: FakeWindow }[] = [];
  class FakeWindow extends EventEmitter {
    webContents = new FakeWebContents();
    loaded: string[] = [];
    shown = false;
    maximized = false;
    constructor(options: BrowserWindowConstructorOptions) {
      super();
      created.push({ options, loaded: this.loaded, window: this });
    }
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
    show() {
      this.shown = true;
    }
    /** Electron's maximize() shows a hidden window too. */
    maximize() {
      this.maximized = true;
      this.shown = true;
    }
  }
  const FakeWindowClass = FakeWindow as unknown as new (options: BrowserWindowConstructorOptions) => BrowserWindow;

  it('opens where the placement says, maximised if it was', () => {
    created.length = 0;
    const bounds = { x: 40, y: 30, width: 1200, height: 700 };
    createMainWindow({
      BrowserWindow: FakeWindowClass,
      preloadPath: '/app/dist-electron/preload.cjs',
      placement: { bounds, maximized: true, minWidth: 1024, minHeight: 600 },
      openExternal: () => undefined,
      askLeave: () => 1,
    });
    const [first] = created;
    expect(first?.options).toMatchObject({ ...bounds, minWidth: 1024, minHeight: 600, show: false });
    expect(first?.window.shown).toBe(false);
    first?.window.emit('ready-to-show');
    expect(first?.window.maximized).toBe(true);
    expect(first?.window.shown).toBe(true);
  });

  it('the main window, guarded on creation, keeps one set of guards and still opens http(s) links in the browser', () => {
    created.length = 0;
    const app = new EventEmitter();
    lockEveryWebContents(app as unknown as Parameters<typeof lockEveryWebContents>[0]);
    const opened: string[] = [];
    class CreatedWindow extends FakeWindow {
      constructor(options: BrowserWindowConstructorOptions) {
        super(options);
        // Electron emits web-contents-created while the window is being constructed.
        app.emit('web-contents-created', {}, this.webContents);
      }
    }
    createMainWindow({
      BrowserWindow: CreatedWindow as unknown as typeof FakeWindowClass,
      preloadPath: '/p.cjs',
      openExternal: (url) => void opened.push(url),
      askLeave: () => 1,
    });
    const contents = created[0]!.window.webContents;
    for (const event of ['will-navigate', 'will-redirect', 'will-frame-navigate', 'will-attach-webview']) {
      expect(contents.listenerCount(event), event).toBe(1);
    }
    expect(contents.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.openHandler?.(openDetails('https://www.example.com/help'))).toEqual({ action: 'deny' });
    expect(contents.openHandler?.(openDetails('file:///C:/x.exe'))).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://www.example.com/help']);
  });

  it('creates the window with those options, the lock, and loads app://renderer', () => {
    created.length = 0;
    createMainWindow({
      BrowserWindow: FakeWindowClass,
      preloadPath: '/app/dist-electron/preload.cjs',
      openExternal: () => undefined,
      askLeave: () => 1,
    });
    const [first] = created;
    // No placement given: the first run's 1366×768, no smaller than the shell's minimum.
    expect(first?.options).toMatchObject({ width: 1366, height: 768, minWidth: 1024, minHeight: 600 });
    expect(first?.options.webPreferences?.sandbox).toBe(true);
    expect(first?.loaded).toEqual(['app://renderer/index.html']);
    expect(first?.window.webContents.openHandler).not.toBeNull();
    expect(first?.window.webContents.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(first?.window.shown).toBe(false);
    first?.window.emit('ready-to-show');
    expect(first?.window.shown).toBe(true);
    expect(first?.window.maximized).toBe(false);
  });
});

describe('closing a window with unsaved changes', () => {
  /** A page that cancelled its unload: Electron emits will-prevent-unload; preventDefault lets it go. */
  const closeWithUnsavedChanges = (answer: number) => {
    const contents = new EventEmitter();
    const asked: (typeof leaveQuestion)[] = [];
    askBeforeUnload(contents as unknown as WebContents, (question) => {
      asked.push(question);
      return answer;
    });
    let closes = false;
    contents.emit('will-prevent-unload', { preventDefault: () => (closes = true) });
    return { closes, asked };
  };

  it('asks in Chinese, and 离开 lets the window close', () => {
    const { closes, asked } = closeWithUnsavedChanges(0);
    expect(closes).toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toBe('有未保存的修改，确定离开吗？');
    expect(asked[0]?.buttons).toEqual(['离开', '继续编辑']);
  });

  it('继续编辑 (or Esc, the cancel button) keeps the window and what was typed', () => {
    expect(closeWithUnsavedChanges(1).closes).toBe(false);
    expect(leaveQuestion.cancelId).toBe(1);
  });
});

describe('permissions', () => {
  it('refuses everything but fullscreen and clipboard writes from our own page', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'midi', 'hid', 'serial', 'openExternal']) {
      expect(isPermissionGranted(permission, 'app://renderer/dashboard'), permission).toBe(false);
    }
    expect(isPermissionGranted('fullscreen', 'app://renderer/dashboard')).toBe(true);
    expect(isPermissionGranted('clipboard-sanitized-write', 'app://renderer/')).toBe(true);
    expect(isPermissionGranted('fullscreen', 'https://evil.example/')).toBe(false);
    expect(isPermissionGranted('fullscreen', undefined)).toBe(false);
  });

  it('lets our own page, and only it, reach the API on this PC and on the office LAN (Local Network Access)', () => {
    for (const permission of ['local-network-access', 'loopback-network', 'local-network']) {
      expect(isPermissionGranted(permission, 'app://renderer/overseas/list'), permission).toBe(true);
      expect(isPermissionGranted(permission, 'https://evil.example/'), permission).toBe(false);
      expect(isPermissionGranted(permission, 'http://127.0.0.1:8787/'), permission).toBe(false);
      expect(isPermissionGranted(permission, undefined), permission).toBe(false);
    }
  });

  it('installs the request and check handlers on the session', () => {
    let request: ((...args: unknown[]) => void) | undefined;
    let check: ((...args: unknown[]) => boolean) | undefined;
    const session = {
      setPermissionRequestHandler: (handler: typeof request) => (request = handler),
      setPermissionCheckHandler: (handler: typeof check) => (check = handler),
    };
    lockPermissions(session as unknown as Session);
    const answers: boolean[] = [];
    request?.(null, 'media', (granted: boolean) => answers.push(granted), { requestingUrl: 'app://renderer/' });
    request?.(null, 'fullscreen', (granted: boolean) => answers.push(granted), { requestingUrl: 'app://renderer/' });
    expect(answers).toEqual([false, true]);
    expect(check?.(null, 'geolocation', 'app://renderer')).toBe(false);
  });
});
