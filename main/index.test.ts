import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { desktopChannels } from '../contract/desktop-api';

/**
 * The app's wiring (index.ts) with a hand-made fake of the Electron APIs it touches: the binary is absent
 * here. electron-store and electron-log load Electron themselves, so they are replaced by Conf on a
 * temporary folder and a silent logger.
 */
const fake = vi.hoisted(() => {
  const state = {
    userData: '',
    lockGranted: true,
    readyResolve: (() => undefined) as () => void,
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
    }[],
    forks: [] as { entry: string; args: string[]; env: Record<string, string | undefined>; messages: unknown[] }[],
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
    /** The displays' work areas, the first one primary. */
    workAreas: [{ x: 0, y: 0, width: 1920, height: 1040 }] as { x: number; y: number; width: number; height: number }[],
  };
  return state;
});

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const { fakeSafeStorage: safe } = await import('./testing/fake-safe-storage');
  let ready = false;
  const readyPromise = new Promise<void>((resolve) => {
    fake.readyResolve = () => {
      ready = true;
      resolve();
    };
  });
  const app = {
    setName: () => undefined,
    getPath: () => fake.userData,
    getVersion: () => '0.1.0',
    getAppPath: () => fake.userData,
    get isPackaged() {
      return fake.packaged;
    },
    isReady: () => ready,
    requestSingleInstanceLock: () => fake.lockGranted,
    whenReady: () => readyPromise,
    quit: () => {
      fake.quits += 1;
      for (const listener of fake.beforeQuit.splice(0)) listener({ preventDefault: () => undefined });
    },
    exit: () => undefined,
    on: (event: string, listener: never) => {
      if (event === 'second-instance') fake.secondInstance.push(listener);
      if (event === 'before-quit') fake.beforeQuit.push(listener);
    },
  };
  class BrowserWindow extends Emitter {
    webContents = Object.assign(new Emitter(), {
      setWindowOpenHandler: () => undefined,
      reloadIgnoringCache: () => undefined,
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
      };
      fake.windows.push(this.record);
      fake.events.push('window created');
    }
    loadURL(url: string) {
      this.record.loaded.push(url);
      return Promise.resolve();
    }
    isMinimized = () => false;
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
      fake.forks.push({ entry, args, env: options.env, messages: child.messages });
      fake.events.push('server forked');
      setTimeout(() => child.emit('message', { type: 'ready', url: 'http://127.0.0.1:50999' }), 20);
      return child;
    },
  };
  const electron = {
    app,
    BrowserWindow,
    utilityProcess,
    ipcMain: { handle: (channel: string, handler: unknown) => fake.handlers.set(channel, handler) },
    Menu: {
      buildFromTemplate: (template: typeof fake.menu) => {
        fake.menu = template;
        return template;
      },
      setApplicationMenu: () => undefined,
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: { scheme: string }[]) =>
        fake.events.push(`scheme ${schemes.map((s) => s.scheme).join()} registered${ready ? ' AFTER ready' : ''}`),
      handle: (scheme: string, handler: typeof fake.protocolHandler) => {
        fake.events.push(`protocol ${scheme} handled`);
        fake.protocolHandler = handler;
      },
    },
    safeStorage: safe('gnome_libsecret'),
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
      openExternal: () => Promise.resolve(),
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
        super({ cwd: fake.userData, configName: options.name, projectName: 'test' });
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

const flush = () => new Promise((resolve) => setTimeout(resolve, 60));

describe('app start-up (index.ts)', () => {
  beforeEach(() => {
    vi.resetModules();
    fake.userData = mkdtempSync(join(tmpdir(), 'index-'));
    fake.events.length = 0;
    fake.handlers.clear();
    fake.windows.length = 0;
    fake.forks.length = 0;
    fake.sendHeaders = null;
    fake.quits = 0;
    fake.lockGranted = true;
    fake.menu = [];
    fake.openedPaths.length = 0;
    fake.packaged = false;
    fake.workAreas = [{ x: 0, y: 0, width: 1920, height: 1040 }];
  });
  afterEach(() => rmSync(fake.userData, { recursive: true, force: true }));

  it('registers app:// before ready, starts the server, then opens the window on app://renderer', async () => {
    await import('./index');
    expect(fake.events).toEqual(['scheme app registered']);
    fake.readyResolve();
    await flush();
    expect(fake.events).toEqual(['scheme app registered', 'protocol app handled', 'server forked', 'window created']);

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

    // main's own connection test of the embedded address carries it too; of an office server, not.
    const fetched: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: { headers: Record<string, string> }) => {
      fetched.push({ url, headers: init.headers });
      return Response.json({ code: 200, message: 'ok', data: { status: 'ok' } });
    });
    try {
      const testConnection = fake.handlers.get(desktopChannels.connectionTest) as (
        event: unknown,
        url: string,
      ) => Promise<unknown>;
      const trusted = { senderFrame: { url: 'app://renderer/' } };
      await testConnection(trusted, 'http://127.0.0.1:50999');
      await testConnection(trusted, 'https://office.example:8787');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetched.map((request) => [request.url, request.headers['x-embedded-secret']])).toEqual([
      ['http://127.0.0.1:50999/api/health', secret],
      ['https://office.example:8787/api/health', undefined],
    ]);

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
