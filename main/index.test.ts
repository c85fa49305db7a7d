import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { desktopChannels, desktopEvents } from '../contract/desktop-api';
import { exportFixture, exportToken, startExportServer } from './testing/export-server';
import { startHealthServer } from './testing/health-server';

/**
 * The app's wiring (index.ts) with a hand-made fake of the Electron APIs it touches: the binary is absent
 * here. electron-store and electron-log load Electron themselves, so they are replaced by Conf on a
 * temporary folder and a silent logger.
 */
const fake = vi.hoisted(() => {
  const state = {
    userData: '',
    /** The paths index.ts set (app.setPath); getPath answers them, else `userData`. */
    paths: {} as Record<string, string>,
    /** userData when the single-instance lock was asked for (Electron keys the lock by it). */
    lockedIn: null as string | null,
    /** `web-contents-created` listeners, and the links handed to the system browser. */
    webContentsCreated: [] as ((event: unknown, contents: unknown) => void)[],
    openedExternal: [] as string[],
    lockGranted: true,
    /** Electron's `ready`, new for each test: `readyResolve` emits it. */
    ready: false,
    readyPromise: Promise.resolve(),
    readyResolve: (() => undefined) as () => void,
    resetReady() {
      state.ready = false;
      state.readyPromise = new Promise<void>((resolve) => {
        state.readyResolve = () => {
          state.ready = true;
          resolve();
        };
      });
    },
    events: [] as string[],
    handlers: new Map<string, unknown>(),
    protocolHandler: null as null | ((request: { url: string; method: string }) => Promise<Response>),
    windows: [] as {
      loaded: string[];
      focused: number;
      options: Record<string, unknown> & { webPreferences?: Record<string, unknown> };
      emit: (event: string) => void;
      /** What the clerk made of the window before closing it. */
      normalBounds: { x: number; y: number; width: number; height: number };
      maximized: boolean;
      /** What main sent the page, and how often it loaded it again. */
      sent: [string, unknown][];
      reloads: number;
      /** Electron's events of the page (`render-process-gone`). */
      emitContents: (event: string, ...args: unknown[]) => void;
      /** What the page's window.open gets, as the window-open handler answers it. */
      open: (url: string) => unknown;
    }[],
    forks: [] as {
      entry: string;
      args: string[];
      env: Record<string, string | undefined>;
      messages: unknown[];
      /** Makes the server process exit, as a crash would. */
      exit: (code: number) => void;
    }[],
    /** The session's `webRequest.onBeforeSendHeaders` filter and listener, as index.ts set them. */
    sendHeaders: null as null | {
      filter: { urls: string[] };
      listener: (
        details: { url: string; requestHeaders: Record<string, string> },
        callback: (response: { requestHeaders?: Record<string, string> }) => void,
      ) => void;
    },
    quits: 0,
    beforeQuit: [] as ((event: { preventDefault(): void }) => void)[],
    secondInstance: [] as (() => void)[],
    /** The application menu's template as index.ts built it. */
    menu: [] as { label?: string; submenu?: { label?: string; click?: () => void }[] }[],
    openedPaths: [] as string[],
    packaged: false,
    /** Every request main made through Chromium's stack (`net.fetch`). */
    netFetches: [] as { url: string; headers: Record<string, string> }[],
    /** The native message boxes shown, and the buttons the clerk presses in them (切换 when none is left). */
    messageBoxes: [] as { title?: string; message: string; buttons: string[] }[],
    messageBoxAnswers: [] as number[],
    /** The system notifications shown (issue 25), each with its click. */
    notifications: [] as { title: string; body: string; click: () => void }[],
    /** Windows' app id for notifications, as index.ts set it. */
    appUserModelId: null as string | null,
    /** The displays' work areas, the first one primary. */
    workAreas: [{ x: 0, y: 0, width: 1920, height: 1040 }] as { x: number; y: number; width: number; height: number }[],
  };
  state.resetReady();
  return state;
});

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const { fakeSafeStorage: safe } = await import('./testing/fake-safe-storage');
  // Node's own, kept before any test replaces the global one to prove main does not use it.
  const nodeFetch = globalThis.fetch;
  const documentsDir = (await import('node:path')).join((await import('node:os')).tmpdir(), 'index-test-documents');
  const app = {
    setName: () => undefined,
    setAppUserModelId: (id: string) => {
      fake.appUserModelId = id;
    },
    // Documents (the default backup folder, made at start) lies outside the user data folders the tests inspect.
    getPath: (name: string) => fake.paths[name] ?? (name === 'documents' ? documentsDir : fake.userData),
    setPath: (name: string, path: string) => {
      if (fake.ready) throw new Error(`setPath(${name}) after ready`);
      fake.paths[name] = path;
    },
    getVersion: () => '0.1.0',
    getAppPath: () => fake.userData,
    get isPackaged() {
      return fake.packaged;
    },
    isReady: () => fake.ready,
    requestSingleInstanceLock: () => {
      fake.lockedIn = fake.paths.userData ?? fake.userData;
      return fake.lockGranted;
    },
    whenReady: () => fake.readyPromise,
    quit: () => {
      fake.quits += 1;
      for (const listener of fake.beforeQuit.splice(0)) listener({ preventDefault: () => undefined });
    },
    exit: () => undefined,
    on: (event: string, listener: never) => {
      if (event === 'second-instance') fake.secondInstance.push(listener);
      if (event === 'before-quit') fake.beforeQuit.push(listener);
      if (event === 'web-contents-created') fake.webContentsCreated.push(listener);
    },
  };
  class BrowserWindow extends Emitter {
    openHandler: (details: { url: string }) => unknown = () => ({ action: 'allow' });
    webContents = Object.assign(new Emitter(), {
      setWindowOpenHandler: (handler: (details: { url: string }) => unknown) => {
        this.openHandler = handler;
      },
      reloadIgnoringCache: () => {
        this.record.reloads += 1;
      },
      reload: () => {
        this.record.reloads += 1;
      },
      forcefullyCrashRenderer: () => undefined,
      isDestroyed: () => false,
      send: (channel: string, payload: unknown) => this.record.sent.push([channel, payload]),
    });
    record: (typeof fake.windows)[number];
    constructor(options: (typeof fake.windows)[number]['options']) {
      super();
      const { x = 0, y = 0, width = 0, height = 0 } = options as Record<string, number>;
      this.record = {
        loaded: [],
        focused: 0,
        options,
        emit: (event) => this.emit(event),
        normalBounds: { x, y, width, height },
        maximized: false,
        sent: [],
        reloads: 0,
        emitContents: (event, ...args) => this.webContents.emit(event, ...args),
        open: (url) => this.openHandler({ url }),
      };
      // Electron tells the app of the window's contents while the window is being made.
      for (const listener of fake.webContentsCreated) listener({}, this.webContents);
      fake.windows.push(this.record);
      fake.events.push('window created');
    }
    loadURL(url: string) {
      this.record.loaded.push(url);
      return Promise.resolve();
    }
    isMinimized = () => false;
    isDestroyed = () => false;
    getNormalBounds = () => this.record.normalBounds;
    isMaximized = () => this.record.maximized;
    isFullScreen = () => false;
    maximize = () => {
      this.record.maximized = true;
    };
    restore = () => undefined;
    show = () => undefined;
    focus = () => {
      this.record.focused += 1;
    };
  }
  class Notification extends Emitter {
    static isSupported = () => true;
    constructor(readonly options: { title: string; body: string }) {
      super();
    }
    show() {
      fake.notifications.push({ ...this.options, click: () => this.emit('click') });
    }
  }
  const utilityProcess = {
    fork: (entry: string, args: string[], options: { env: Record<string, string | undefined> }) => {
      const child = Object.assign(new Emitter(), {
        stdout: null,
        stderr: null,
        messages: [] as unknown[],
        postMessage(message: { type: string }) {
          this.messages.push(message);
          if (message.type === 'stop') setTimeout(() => child.emit('exit', 0), 5);
        },
        kill: () => true,
      });
      fake.forks.push({
        entry,
        args,
        env: options.env,
        messages: child.messages,
        exit: (code) => child.emit('exit', code),
      });
      fake.events.push('server forked');
      const port = options.env.PORT === '0' ? 50999 : Number(options.env.PORT);
      setTimeout(() => child.emit('message', { type: 'ready', url: `http://127.0.0.1:${port}` }), 20);
      return child;
    },
  };
  const electron = {
    app,
    BrowserWindow,
    Notification,
    utilityProcess,
    ipcMain: {
      handle: (channel: string, handler: unknown) => fake.handlers.set(channel, handler),
      removeHandler: (channel: string) => fake.events.push(`handler ${channel} removed`),
      removeAllListeners: (channel: string) => fake.events.push(`listeners ${channel} removed`),
    },
    Menu: {
      buildFromTemplate: (template: typeof fake.menu) => {
        fake.menu = template;
        return template;
      },
      setApplicationMenu: () => undefined,
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: { scheme: string }[]) =>
        fake.events.push(`scheme ${schemes.map((s) => s.scheme).join()} registered${fake.ready ? ' AFTER ready' : ''}`),
      handle: (scheme: string, handler: typeof fake.protocolHandler) => {
        fake.events.push(`protocol ${scheme} handled`);
        fake.protocolHandler = handler;
      },
    },
    safeStorage: safe('gnome_libsecret'),
    // Chromium's fetch, played by Node's against the real local servers of the test.
    net: {
      fetch: (url: string, init: { headers?: Record<string, string> } = {}) => {
        fake.netFetches.push({ url, headers: init.headers ?? {} });
        return nodeFetch(url, init as RequestInit);
      },
    },
    dialog: {
      showMessageBox: async (...args: unknown[]) => {
        const options = args.at(-1) as (typeof fake.messageBoxes)[number];
        fake.messageBoxes.push(options);
        return { response: fake.messageBoxAnswers.shift() ?? 0 };
      },
    },
    screen: {
      getAllDisplays: () => fake.workAreas.map((workArea) => ({ workArea })),
      getPrimaryDisplay: () => ({ workArea: fake.workAreas[0] }),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
        webRequest: {
          onBeforeSendHeaders: (filter: NonNullable<typeof fake.sendHeaders>['filter'] | null, listener: never) => {
            fake.sendHeaders = filter && listener ? { filter, listener } : null;
          },
        },
      },
    },
    shell: {
      openExternal: (url: string) => {
        fake.openedExternal.push(url);
        return Promise.resolve();
      },
      openPath: (path: string) => {
        fake.openedPaths.push(path);
        return Promise.resolve('');
      },
    },
  };
  return { ...electron, default: electron };
});

vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  return {
    default: class extends Conf<Record<string, unknown>> {
      constructor(options: { name: string }) {
        super({ cwd: fake.paths.userData ?? fake.userData, configName: options.name, projectName: 'test' });
        // The real one opens its `electron-store-get-data` channel here.
        fake.events.push(`store ${options.name} opened`);
      }
    },
  };
});

vi.mock('electron-log/main', () => {
  const quiet = () => undefined;
  const log = {
    info: quiet,
    warn: quiet,
    error: quiet,
    transports: { file: { level: 'info', getFile: () => ({ path: '/logs/main.log' }) } },
    errorHandler: { startCatching: quiet },
  };
  return { default: log };
});

const flush = async () => {
  await new Promise((resolve) => setTimeout(resolve, 60));
  // Once ready, start-up (the server's first answer, then the window) is slower on a busy machine: wait for it.
  if (fake.ready && fake.quits === 0)
    await expect.poll(() => fake.windows.length, { timeout: 5000 }).toBeGreaterThan(0);
};

describe('app start-up (index.ts)', () => {
  beforeEach(() => {
    vi.resetModules();
    fake.resetReady();
    fake.userData = mkdtempSync(join(tmpdir(), 'index-'));
    fake.events.length = 0;
    fake.paths = {};
    fake.lockedIn = null;
    fake.webContentsCreated.length = 0;
    fake.openedExternal.length = 0;
    fake.handlers.clear();
    fake.windows.length = 0;
    fake.forks.length = 0;
    fake.sendHeaders = null;
    fake.quits = 0;
    fake.beforeQuit.length = 0;
    fake.lockGranted = true;
    fake.menu = [];
    fake.openedPaths.length = 0;
    fake.packaged = false;
    fake.netFetches.length = 0;
    fake.messageBoxes.length = 0;
    fake.messageBoxAnswers.length = 0;
    fake.workAreas = [{ x: 0, y: 0, width: 1920, height: 1040 }];
    fake.notifications.length = 0;
    fake.appUserModelId = null;
  });
  afterEach(() => rmSync(fake.userData, { recursive: true, force: true }));

  it('registers app:// before ready, starts the server, then opens the window on app://renderer', async () => {
    await import('./index');
    expect(fake.events).toEqual(['scheme app registered']);
    fake.readyResolve();
    await flush();
    expect(fake.events).toEqual([
      'scheme app registered',
      'store settings opened',
      'store session opened',
      // The libraries' own channels, which check no sender, closed once both have opened theirs.
      'listeners __ELECTRON_LOG__ removed',
      'handler __ELECTRON_LOG__ removed',
      'listeners electron-store-get-data removed',
      'handler electron-store-get-data removed',
      'protocol app handled',
      'server forked',
      'window created',
    ]);

    const [server] = fake.forks;
    expect(server?.entry).toMatch(/server-process\.js$/);
    expect(server?.env).toMatchObject({ HOST: '127.0.0.1', PORT: '0', CORS_ORIGINS: 'app://renderer' });
    expect(server?.env.DATABASE_URL).toBe(`sqlite:${join(fake.userData, 'data', 'app.db')}`);

    const [window] = fake.windows;
    expect(window?.loaded).toEqual(['app://renderer/index.html']);
    expect(window?.options).toMatchObject({ webPreferences: { sandbox: true, contextIsolation: true } });
    expect([...fake.handlers.keys()].sort()).toEqual(Object.values(desktopChannels).sort());

    // The page's CSP names the embedded server that answered.
    const page = await fake.protocolHandler?.({ url: 'app://renderer/index.html', method: 'GET' });
    expect(page?.headers.get('content-security-policy')).toContain("connect-src 'self' http://127.0.0.1:50999");

    // The bridge answers with the embedded server's URL.
    const getConnection = fake.handlers.get(desktopChannels.connectionGet) as (event: unknown) => Promise<unknown>;
    expect(await getConnection({ senderFrame: { url: 'app://renderer/' } })).toEqual({
      mode: 'embedded',
      officeUrl: '',
      apiBase: 'http://127.0.0.1:50999',
    });

    // The page's requests to the embedded server, and only those, carry this launch's secret; the
    // server got it in its environment, not on its command line.
    const secret = server?.env.EMBEDDED_SECRET ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(server?.args).toEqual([]);
    expect(process.argv.join(' ')).not.toContain(secret);
    expect(fake.sendHeaders?.filter).toEqual({ urls: ['http://127.0.0.1:50999/*'] });
    const sent = (url: string) => {
      let headers: Record<string, string> | undefined;
      fake.sendHeaders?.listener({ url, requestHeaders: { Accept: '*/*' } }, (response) => {
        headers = response.requestHeaders;
      });
      return headers;
    };
    expect(sent('http://127.0.0.1:50999/api/user/info')).toEqual({ Accept: '*/*', 'x-embedded-secret': secret });
    expect(sent('http://127.0.0.1:50998/api/user/info')).toEqual({ Accept: '*/*' });

    // main's own connection test goes through Chromium's stack (net.fetch), never Node's fetch; of the
    // embedded address it carries the secret too, of an office server not.
    const health = await startHealthServer();
    vi.stubGlobal('fetch', () => Promise.reject(new Error('main used Node’s fetch')));
    try {
      const testConnection = fake.handlers.get(desktopChannels.connectionTest) as (
        event: unknown,
        url: string,
      ) => Promise<unknown>;
      const trusted = { senderFrame: { url: 'app://renderer/' } };
      await testConnection(trusted, 'http://127.0.0.1:50999');
      expect(await testConnection(trusted, health.url)).toEqual({ ok: true, message: '连接成功' });
    } finally {
      vi.unstubAllGlobals();
      await health.close();
    }
    expect(fake.netFetches.map((request) => [request.url, request.headers['x-embedded-secret']])).toEqual([
      ['http://127.0.0.1:50999/api/health', secret],
      [`${health.url}/api/health`, undefined],
    ]);
    expect(health.requests).toEqual(['/api/health']);

    // A second copy of the app focuses this window.
    for (const listener of fake.secondInstance) listener();
    expect(window?.focused).toBe(1);

    // Quitting stops the embedded server first.
    fake.quits = 0;
    for (const listener of fake.beforeQuit.splice(0)) listener({ preventDefault: () => undefined });
    await flush();
    expect(server?.messages).toEqual([{ type: 'stop' }]);
    expect(fake.quits).toBe(1);
    // The stopped server's port is nobody's to be given the secret.
    expect(fake.sendHeaders).toBeNull();
  });

  it('switches to an office server only when the clerk confirms, then downloads its exports through net.fetch', async () => {
    await import('./index');
    fake.readyResolve();
    await flush();
    const office = await startExportServer();
    const trusted = { senderFrame: { url: 'app://renderer/' }, sender: { send: () => undefined } };
    const invoke = (channel: string, ...args: unknown[]) =>
      (fake.handlers.get(channel) as (event: unknown, ...rest: unknown[]) => Promise<unknown>)(trusted, ...args);
    vi.stubGlobal('fetch', () => Promise.reject(new Error('main used Node’s fetch')));
    try {
      // 取消: nothing changes, and the page hears why.
      fake.messageBoxAnswers.push(1);
      await expect(invoke(desktopChannels.connectionSet, { mode: 'office', officeUrl: office.url })).rejects.toThrow(
        '已取消切换服务器，连接设置没有改变',
      );
      expect(fake.messageBoxes[0]).toMatchObject({ title: '切换服务器', buttons: ['切换', '取消'] });
      expect(await invoke(desktopChannels.connectionGet)).toMatchObject({ mode: 'embedded' });
      expect(fake.forks[0]?.messages).toEqual([]);

      // 切换: the embedded server stops and the office server is the API base.
      fake.messageBoxAnswers.push(0);
      expect(await invoke(desktopChannels.connectionSet, { mode: 'office', officeUrl: `${office.url}/` })).toEqual({
        mode: 'office',
        officeUrl: office.url,
        apiBase: office.url,
      });
      expect(fake.messageBoxes).toHaveLength(2);
      expect(fake.forks[0]?.messages).toEqual([{ type: 'stop' }]);

      await invoke(desktopChannels.tokenSet, exportToken);
      const result = (await invoke(desktopChannels.filesDownloadExport, {
        url: '/storage/exports/2026/11/cars.xlsx',
        suggestedName: '车辆.xlsx',
      })) as { savedTo: string; opened: boolean };
      expect(result.opened).toBe(true);
      expect(readFileSync(result.savedTo).equals(exportFixture)).toBe(true);
      expect(fake.netFetches.map((request) => request.url)).toEqual([
        `${office.url}/storage/exports/2026/11/cars.xlsx`,
      ]);
      expect(office.requests).toEqual([
        { path: '/storage/exports/2026/11/cars.xlsx', authorization: `Bearer ${exportToken}` },
      ]);
    } finally {
      vi.unstubAllGlobals();
      await office.close();
    }
  });

  it('reloads a crashed page, whose banner then says so once', async () => {
    await import('./index');
    fake.readyResolve();
    await flush();
    const [window] = fake.windows;
    const notice = fake.handlers.get(desktopChannels.appNotice) as (event: unknown) => Promise<unknown>;
    const trusted = { senderFrame: { url: 'app://renderer/' } };
    expect(await notice(trusted)).toEqual({ pageReloaded: false, server: null });

    window?.emitContents('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    await flush();
    expect(window?.reloads).toBe(1);
    expect(await notice(trusted)).toEqual({ pageReloaded: true, server: null });
    expect(await notice(trusted)).toEqual({ pageReloaded: false, server: null });
    // Within a minute the second time: the clerk is asked (here: 重新载入).
    window?.emitContents('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    await flush();
    expect(fake.messageBoxes.at(-1)).toMatchObject({ buttons: ['重新载入', '退出'] });
    expect(window?.reloads).toBe(2);
  });

  it('restarts an embedded server that died, on its port, and tells the page until it answers', async () => {
    await import('./index');
    fake.readyResolve();
    await flush();
    const [window] = fake.windows;
    const secret = fake.forks[0]?.env.EMBEDDED_SECRET;
    fake.forks[0]?.exit(9);
    await flush();
    expect(window?.sent).toEqual([
      [
        'desktop:app:notice-changed',
        { pageReloaded: false, server: { state: 'restarting', message: '内置服务器意外退出，正在重新启动…' } },
      ],
    ]);
    // The dead server's port gets no secret meanwhile.
    expect(fake.sendHeaders).toBeNull();

    await expect.poll(() => fake.forks.length, { timeout: 3000 }).toBe(2);
    await flush();
    expect(fake.forks[1]?.env).toMatchObject({ PORT: '50999', EMBEDDED_SECRET: secret });
    expect(window?.sent.at(-1)).toEqual(['desktop:app:notice-changed', { pageReloaded: false, server: null }]);
    expect(fake.sendHeaders?.filter).toEqual({ urls: ['http://127.0.0.1:50999/*'] });
    // Same address: the page carries on, not reloaded.
    expect(window?.reloads).toBe(0);
  });

  it('has a Chinese menu whose folder entries open the data folder and the log folder', async () => {
    await import('./index');
    fake.readyResolve();
    await flush();
    expect(fake.menu.map((entry) => entry.label)).toEqual(['文件', '编辑', '视图', '帮助']);
    const entry = (label: string) =>
      fake.menu.flatMap((menu) => menu.submenu ?? []).find((item) => item.label === label);

    entry('打开数据文件夹')?.click?.();
    entry('打开日志文件夹')?.click?.();
    expect(fake.openedPaths).toEqual([join(fake.userData, 'data'), '/logs']);
    // Not a packaged app here, so the developer tools are offered.
    expect(entry('开发者工具')).toBeDefined();
  });

  it('in an installed (packaged) app ignores VITE_DEV_SERVER_URL and never offers the developer tools', async () => {
    fake.packaged = true;
    vi.stubEnv('VITE_DEV_SERVER_URL', 'http://evil.example:5173/');
    try {
      await import('./index');
      fake.readyResolve();
      await flush();
    } finally {
      vi.unstubAllEnvs();
    }
    const [window] = fake.windows;
    expect(window?.loaded).toEqual(['app://renderer/index.html']);
    expect(window?.options.webPreferences?.devTools).toBe(false);
    const labels = fake.menu.flatMap((menu) => menu.submenu ?? []).map((item) => item.label);
    expect(labels).not.toContain('开发者工具');
    // The page at that address is no trusted sender either.
    const getVersion = fake.handlers.get(desktopChannels.appVersion) as (event: unknown) => Promise<unknown>;
    await expect(getVersion({ senderFrame: { url: 'http://evil.example:5173/' } })).rejects.toThrow('拒绝请求');
    // Nor is it let through CORS by the embedded server.
    expect(fake.forks[0]?.env.CORS_ORIGINS).toBe('app://renderer');
  });

  it('opens at 1366×768 the first time, then where and as the clerk left it', async () => {
    await import('./index');
    fake.readyResolve();
    await flush();
    const [first] = fake.windows;
    expect(first?.options).toMatchObject({ x: 277, y: 136, width: 1366, height: 768, minWidth: 1024 });
    first!.normalBounds = { x: 100, y: 50, width: 1500, height: 900 };
    first!.maximized = true;
    first?.emit('close');

    // The next run, with the settings file the first one left.
    vi.resetModules();
    fake.windows.length = 0;
    await import('./index');
    await flush();
    const [second] = fake.windows;
    expect(second?.options).toMatchObject({ x: 100, y: 50, width: 1500, height: 900 });
    second?.emit('ready-to-show');
    expect(second?.maximized).toBe(true);
  });

  it('guards every web contents from before ready; only the main window sends http(s) links to the browser', async () => {
    await import('./index');
    // Registered at load, so no contents is ever made unguarded.
    expect(fake.webContentsCreated).toHaveLength(1);
    fake.readyResolve();
    await flush();
    const [window] = fake.windows;
    const attempt = (event: string, url: string, isMainFrame: boolean) => {
      let prevented = false;
      window?.emitContents(event, { url, isMainFrame, preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(attempt('will-navigate', 'https://evil.example/', true)).toBe(true);
    expect(attempt('will-frame-navigate', 'https://evil.example/', false)).toBe(true);
    expect(attempt('will-frame-navigate', 'blob:app://renderer/5f0c', false)).toBe(false);
    expect(attempt('will-redirect', 'http://10.0.0.9/', true)).toBe(true);
    expect(attempt('will-navigate', 'app://renderer/staff', true)).toBe(false);
    expect(window?.open('https://www.example.com/help')).toEqual({ action: 'deny' });
    expect(window?.open('file:///C:/Windows/System32/calc.exe')).toEqual({ action: 'deny' });
    expect(fake.openedExternal).toEqual(['https://www.example.com/help']);

    // Any other contents (a frame's guest, the PDF viewer's): guarded too, and no link leaves through it.
    const { EventEmitter } = await import('node:events');
    let openHandler: ((details: { url: string }) => unknown) | undefined;
    const other = Object.assign(new EventEmitter(), {
      setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
    });
    for (const listener of fake.webContentsCreated) listener({}, other);
    let prevented = false;
    other.emit('will-navigate', { url: 'https://evil.example/', preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(openHandler?.({ url: 'https://www.example.com/help' })).toEqual({ action: 'deny' });
    expect(fake.openedExternal).toEqual(['https://www.example.com/help']);
  });

  describe('on Windows', () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    let root = '';
    const product = '二手车出口业务管理系统';
    beforeEach(() => {
      Object.defineProperty(process, 'platform', { ...platform, value: 'win32' });
      root = mkdtempSync(join(tmpdir(), 'index-windows-'));
      rmSync(fake.userData, { recursive: true, force: true });
      // Electron's default: Roaming, where an existing install has its database.
      fake.userData = join(root, 'Roaming', product);
      mkdirSync(join(fake.userData, 'data'), { recursive: true });
      writeFileSync(join(fake.userData, 'data', 'app.db'), 'the clerk’s database');
      mkdirSync(join(root, 'Local'));
      vi.stubEnv('LOCALAPPDATA', join(root, 'Local'));
    });
    afterEach(() => {
      Object.defineProperty(process, 'platform', platform);
      vi.unstubAllEnvs();
      rmSync(root, { recursive: true, force: true });
    });

    it('moves the data to %LOCALAPPDATA% before the lock, the stores and the server use it', async () => {
      const local = join(root, 'Local', product);
      // The clerk's settings come along: the window opens where it was left.
      const window = { bounds: { x: 100, y: 50, width: 1500, height: 900 }, maximized: false };
      writeFileSync(join(fake.userData, 'settings.json'), JSON.stringify({ window }));
      await import('./index');
      // Before ready (the mock refuses setPath after) and before the single-instance lock.
      expect(fake.paths).toEqual({ userData: local, sessionData: local });
      expect(fake.lockedIn).toBe(local);
      fake.readyResolve();
      await flush();
      expect(fake.forks[0]?.env.DATABASE_URL).toBe(`sqlite:${join(local, 'data', 'app.db')}`);
      expect(readFileSync(join(local, 'data', 'app.db'), 'utf8')).toBe('the clerk’s database');
      expect(fake.windows[0]?.options).toMatchObject(window.bounds);
      expect(existsSync(fake.userData)).toBe(false);
      expect(readdirSync(join(root, 'Roaming'))).toEqual([`${product}（旧数据，已移走）`]);
      expect(fake.messageBoxes).toEqual([]);
      // Notifications carry the installer shortcut's app id, or Windows does not show them.
      expect(fake.appUserModelId).toBe('com.vehicle-export.office');
    });

    it('keeps the old location when the move fails, and tells the clerk why once the window is open', async () => {
      // %LOCALAPPDATA% is not a folder one can write into.
      rmSync(join(root, 'Local'), { recursive: true });
      writeFileSync(join(root, 'Local'), '');
      await import('./index');
      expect(fake.paths.userData).toBe(fake.userData);
      expect(fake.lockedIn).toBe(fake.userData);
      fake.readyResolve();
      await flush();
      expect(fake.forks[0]?.env.DATABASE_URL).toBe(`sqlite:${join(fake.userData, 'data', 'app.db')}`);
      expect(readFileSync(join(fake.userData, 'data', 'app.db'), 'utf8')).toBe('the clerk’s database');
      expect(fake.windows).toHaveLength(1);
      expect(fake.messageBoxes).toEqual([
        expect.objectContaining({
          title: '数据位置',
          message: '数据没有移到本机的数据文件夹，本次仍使用原来的位置',
          buttons: ['知道了'],
        }),
      ]);
      expect((fake.messageBoxes[0] as { detail?: string }).detail).toContain('下次启动时会再试一次');
    });

    it('hands over (quits) while another copy is moving the data', async () => {
      // The test runner's parent process plays the other copy: alive, not us.
      writeFileSync(join(root, 'Local', `${product}.moving.lock`), String(process.ppid));
      await import('./index');
      expect(fake.quits).toBe(1);
      expect(fake.lockedIn).toBeNull();
      fake.readyResolve();
      await flush();
      expect(fake.windows).toEqual([]);
      expect(readFileSync(join(fake.userData, 'data', 'app.db'), 'utf8')).toBe('the clerk’s database');
    });
  });

  it('shows the overdue notification once a day and opens the list in the window when clicked (issue 25)', async () => {
    await import('./index');
    fake.readyResolve();
    await flush();
    const report = fake.handlers.get(desktopChannels.remindersReportOverdue) as (
      event: unknown,
      count: unknown,
    ) => Promise<boolean>;
    const fromPage = { senderFrame: { url: 'app://renderer/dashboard' } };
    expect(await report(fromPage, 0)).toBe(false);
    expect(await report(fromPage, 4)).toBe(true);
    expect(await report(fromPage, 4)).toBe(false);
    expect(fake.notifications.map(({ title, body }) => [title, body])).toEqual([['到期提醒', '有 4 项已逾期']]);

    const [window] = fake.windows;
    fake.notifications[0]?.click();
    expect(window?.focused).toBe(1);
    expect(window?.sent).toContainEqual([desktopEvents.remindersOpen, '/deadline/list?state=overdue']);
  });

  it('says at start that no backup succeeded for days, and 打开数据备份 opens the page (issue 27)', async () => {
    mkdirSync(join(fake.userData, 'data'), { recursive: true });
    const fourDaysAgo = new Date(Date.now() - 4 * 86_400_000 - 60_000).toISOString();
    writeFileSync(
      join(fake.userData, 'data', 'app.backup-status.json'),
      JSON.stringify({
        since: fourDaysAgo,
        lastSuccess: { at: fourDaysAgo, size: 1, path: 'x' },
        lastFailure: { at: new Date().toISOString(), reason: '备份文件夹所在磁盘空间不足' },
      }),
    );
    await import('./index');
    fake.readyResolve();
    await flush();
    const [window] = fake.windows;
    expect(fake.messageBoxes).toEqual([]);
    window?.emitContents('did-finish-load');
    await flush();
    expect(fake.messageBoxes).toEqual([
      expect.objectContaining({
        title: '数据备份',
        message: '已有 4 天没有成功备份：备份文件夹所在磁盘空间不足',
        buttons: ['打开数据备份', '关闭'],
      }),
    ]);
    expect(window?.sent).toContainEqual([desktopEvents.remindersOpen, '/setting/backup']);
  });

  it('quits at once when another copy already runs', async () => {
    fake.lockGranted = false;
    await import('./index');
    expect(fake.quits).toBe(1);
    fake.readyResolve();
    await flush();
    expect(fake.windows).toEqual([]);
    expect(fake.forks).toEqual([]);
  });
});
