import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMBEDDED_SECRET_HEADER } from '../contract/embedded-lock';
import { newEmbeddedSecret } from './embedded-secret';
import {
  createEmbeddedServer,
  embeddedServerEnv,
  embeddedServerMessages,
  type EmbeddedServerEvent,
  type ForkFn,
  type LoggerLike,
  type UtilityProcessLike,
} from './embedded-server';
import { nodeFork } from './testing/node-fork';

const entry = join(import.meta.dirname, 'server-process.ts');
const silentChild = join(import.meta.dirname, 'testing', 'silent-child.mjs');

function memoryLog(): LoggerLike & { lines: string[] } {
  const lines: string[] = [];
  const write = (...values: unknown[]) => void lines.push(values.map(String).join(' '));
  return { lines, info: write, warn: write, error: write };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('embedded server environment', () => {
  it('listens on loopback only, on a free port, with data in the user data folder', () => {
    const env = embeddedServerEnv(
      '/home/clerk/.config/app',
      {
        PATH: '/usr/bin',
        PORT: '80',
        HOST: '0.0.0.0',
        TLS_CERT: 'c.pem',
        TLS_KEY: 'k.pem',
        WEB_DIR: '/srv/www',
        DATABASE_URL: 'postgres://elsewhere/db',
        EMBEDDED_SECRET: 'one-from-the-shell-is-never-used-here-0000',
      },
      'this-launch-secret-aaaaaaaaaaaaaaaaaaaaaaaaa',
    );
    expect(env).toMatchObject({
      PATH: '/usr/bin',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `sqlite:${join('/home/clerk/.config/app', 'data', 'app.db')}`,
      STORAGE_DIR: join('/home/clerk/.config/app', 'data', 'storage'),
      CORS_ORIGINS: 'app://renderer',
      TZ: 'Asia/Shanghai',
      EMBEDDED_SECRET: 'this-launch-secret-aaaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect(env.TLS_CERT).toBeUndefined();
    expect(env.TLS_KEY).toBeUndefined();
    expect(env.WEB_DIR).toBeUndefined();
  });

  it('adds the dev server origin to CORS while developing', () => {
    expect(embeddedServerEnv('/u', {}, newEmbeddedSecret(), ['http://localhost:5173']).CORS_ORIGINS).toBe(
      'app://renderer,http://localhost:5173',
    );
  });
});

/** A fork that records what it was given and reports ready at once. */
function recordingFork() {
  const calls: {
    modulePath: string;
    args: string[];
    env: Record<string, string | undefined>;
    execArgv: string[];
  }[] = [];
  const fork: ForkFn = (modulePath, args, options) => {
    calls.push({ modulePath, args, env: options.env, execArgv: options.execArgv });
    const listeners: ((message: unknown) => void)[] = [];
    setTimeout(() => {
      for (const listener of listeners) listener({ type: 'ready', url: 'http://127.0.0.1:50999' });
    }, 1);
    return {
      stdout: null,
      stderr: null,
      on(event: string, listener: (value: never) => void) {
        if (event === 'message') listeners.push(listener as (message: unknown) => void);
      },
      once: () => undefined,
      postMessage: () => undefined,
      kill: () => true,
    };
  };
  return { fork, calls };
}

describe('the server process', () => {
  it('starts with a young generation of 32 MiB, as the office server does', async () => {
    const { fork, calls } = recordingFork();
    const server = createEmbeddedServer({
      fork,
      entryPath: '/app/server-process.js',
      userDataDir: '/u',
      baseEnv: {},
      log: memoryLog(),
    });
    await server.start();
    expect(calls[0]?.execArgv).toEqual(['--max-semi-space-size=32']);
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.server).toContain('tsx --max-semi-space-size=32 server/src/main.ts serve');
    expect(scripts.serve).toContain('tsx --max-semi-space-size=32 server/src/main.ts serve');
  });
});

describe('the launch secret', () => {
  it('goes to the server in its environment only, never in its arguments or the log', async () => {
    const { fork, calls } = recordingFork();
    const secret = newEmbeddedSecret();
    const log = memoryLog();
    const server = createEmbeddedServer({
      fork,
      entryPath: '/app/server-process.js',
      userDataDir: '/u',
      baseEnv: {},
      secret,
      log,
    });
    await server.start();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.env.EMBEDDED_SECRET).toBe(secret);
    expect(calls[0]?.args).toEqual([]);
    expect(JSON.stringify([calls[0]?.modulePath, calls[0]?.args])).not.toContain(secret);
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.lines.join('\n')).not.toContain(secret);
  });

  it('is 32 random bytes, new at each launch; a server given none still gets one of its own', async () => {
    const secrets = new Set(Array.from({ length: 20 }, () => newEmbeddedSecret()));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(Buffer.from(secret, 'base64url')).toHaveLength(32);

    const { fork, calls } = recordingFork();
    const base = { fork, entryPath: '/app/server-process.js', userDataDir: '/u', baseEnv: {}, log: memoryLog() };
    await createEmbeddedServer(base).start();
    await createEmbeddedServer(base).start();
    const [first, second] = calls.map((call) => call.env.EMBEDDED_SECRET ?? '');
    expect(first).toHaveLength(43);
    expect(second).toHaveLength(43);
    expect(first).not.toBe(second);
  });
});

describe('embedded server process', () => {
  let userDataDir: string;
  beforeEach(() => {
    userDataDir = mkdtempSync(join(tmpdir(), 'embedded-server-'));
  });
  afterEach(() => rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5 }));

  it('starts the real server on 127.0.0.1, answers its URL, and stops it', { timeout: 60_000 }, async () => {
    const fork = nodeFork();
    const log = memoryLog();
    const secret = newEmbeddedSecret();
    const urls: string[] = [];
    const server = createEmbeddedServer({
      fork,
      entryPath: entry,
      userDataDir,
      baseEnv: process.env,
      secret,
      onUrl: (url) => urls.push(url),
      log,
    });
    const url = await server.start();
    const own = { [EMBEDDED_SECRET_HEADER]: secret };
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.status()).toEqual({ url });
      expect(await server.start()).toBe(url); // already running: the same server
      expect(urls).toEqual([url]);

      // The secret reached the server through its environment: without it, nothing is answered.
      const refused = await fetch(`${url}/api/health`);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ code: 403, message: '拒绝访问', data: null });
      const health = await fetch(`${url}/api/health`, { headers: own });
      expect(health.status).toBe(200);
      expect(((await health.json()) as { data: { status: string; database: string } }).data).toMatchObject({
        status: 'ok',
        database: 'sqlite',
      });
      // The renderer's origin is allowed by CORS.
      const preflight = await fetch(`${url}/api/health`, { headers: { ...own, origin: 'app://renderer' } });
      expect(preflight.headers.get('access-control-allow-origin')).toBe('app://renderer');
      expect(existsSync(join(userDataDir, 'data', 'app.db'))).toBe(true);
    } finally {
      await server.stop();
    }
    expect(server.status()).toEqual({ url: '' });
    expect(urls).toEqual([url, '']);
    expect(isAlive(fork.pids[0]!)).toBe(false);
    // Never in the log.
    expect(log.lines.join('\n')).not.toContain(secret);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    expect(log.lines.some((line) => line.includes(`listening on ${url}`))).toBe(true);
  });

  it('reports a server that cannot start, in Chinese', { timeout: 60_000 }, async () => {
    const server = createEmbeddedServer({
      fork: nodeFork(),
      entryPath: entry,
      userDataDir,
      baseEnv: { ...process.env, TZ: 'Mars/Olympus_Mons' },
      log: memoryLog(),
    });
    await expect(server.start()).rejects.toThrow(/^内置服务器启动失败：.*Mars\/Olympus_Mons/);
    expect(server.status().error).toMatch(/^内置服务器启动失败/);
    expect(server.status().url).toBe('');
  });

  it('gives up on a server that never reports, and ends it', { timeout: 30_000 }, async () => {
    const fork = nodeFork();
    const server = createEmbeddedServer({
      fork,
      entryPath: silentChild,
      userDataDir,
      baseEnv: process.env,
      log: memoryLog(),
      startTimeoutMs: 1500,
    });
    await expect(server.start()).rejects.toThrow(embeddedServerMessages.startTimeout);
    await expect.poll(() => isAlive(fork.pids[0]!), { timeout: 5000 }).toBe(false);
  });

  it('starts the real server again on the same port when it dies after starting', { timeout: 60_000 }, async () => {
    const fork = nodeFork();
    const events: EmbeddedServerEvent[] = [];
    const urls: string[] = [];
    const secret = newEmbeddedSecret();
    const server = createEmbeddedServer({
      fork,
      entryPath: entry,
      userDataDir,
      baseEnv: process.env,
      secret,
      log: memoryLog(),
      onEvent: (event) => events.push(event),
      onUrl: (url) => urls.push(url),
      restartDelaysMs: [100],
    });
    const url = await server.start();
    try {
      process.kill(fork.pids[0]!, 'SIGKILL');
      await expect.poll(() => events[0]?.type, { timeout: 5000 }).toBe('restarting');
      expect(server.status()).toEqual({ url: '' });
      await expect
        .poll(() => events.map((event) => event.type), { timeout: 30_000 })
        .toEqual(['restarting', 'restarted']);
      expect(events[1]).toEqual({ type: 'restarted', url, moved: false });
      expect(server.status()).toEqual({ url });
      // The secret header went away with the dead server and came back with the new one.
      expect(urls).toEqual([url, '', url]);
      const health = await fetch(`${url}/api/health`, { headers: { [EMBEDDED_SECRET_HEADER]: secret } });
      expect(health.status).toBe(200);
      expect(fork.pids).toHaveLength(2);
    } finally {
      await server.stop();
    }
  });
});

/** Children that report ready at once (on the port asked for, or a new one) and can be made to exit. */
function crashableFork(options: { failWhenAskedFor?: number; failEveryStart?: boolean } = {}) {
  const children: (EventEmitter & { env: Record<string, string | undefined> })[] = [];
  let nextPort = 50100;
  const fork: ForkFn = (_modulePath, _args, { env }) => {
    const child = Object.assign(new EventEmitter(), {
      env,
      stdout: null,
      stderr: null,
      postMessage: (message: { type: string }) => {
        if (message.type === 'stop') setTimeout(() => child.emit('exit', 0), 1);
      },
      kill: () => true,
    });
    children.push(child);
    const port = env.PORT === '0' ? (nextPort += 1) : Number(env.PORT);
    setTimeout(() => {
      if (options.failEveryStart || (env.PORT !== '0' && port === options.failWhenAskedFor)) {
        child.emit('message', { type: 'failed', message: '端口已被占用' });
        child.emit('exit', 1);
      } else child.emit('message', { type: 'ready', url: `http://127.0.0.1:${port}` });
    }, 1);
    return child as unknown as UtilityProcessLike;
  };
  return { fork, children, crash: (code = 3) => children.at(-1)?.emit('exit', code) };
}

describe('restarting a server that keeps exiting', () => {
  const setUp = (overrides: Partial<Parameters<typeof createEmbeddedServer>[0]> = {}, forkOptions = {}) => {
    const fake = crashableFork(forkOptions);
    const events: EmbeddedServerEvent[] = [];
    const log = memoryLog();
    const server = createEmbeddedServer({
      fork: fake.fork,
      entryPath: '/app/server-process.js',
      userDataDir: '/u',
      baseEnv: {},
      log,
      onEvent: (event) => events.push(event),
      restartDelaysMs: [5, 10, 20],
      ...overrides,
    });
    return { ...fake, server, events, log };
  };
  const types = (events: EmbeddedServerEvent[]) => events.map((event) => event.type);

  it('restarts with growing pauses, at most three times in five minutes, then stays down with a Chinese message', async () => {
    const { server, events, crash, children } = setUp();
    const url = await server.start();
    for (let round = 1; round <= 3; round += 1) {
      crash();
      await expect.poll(() => types(events).filter((type) => type === 'restarted').length).toBe(round);
      expect(server.status()).toEqual({ url });
    }
    expect(
      events.filter((event) => event.type === 'restarting').map((event) => 'delayMs' in event && event.delayMs),
    ).toEqual([5, 10, 20]);
    // Every restart asked for the port the page already knows.
    expect(children.map((child) => child.env.PORT)).toEqual(['0', '50101', '50101', '50101']);

    crash(7);
    await expect.poll(() => types(events).at(-1)).toBe('gave-up');
    expect(children).toHaveLength(4);
    expect(server.status()).toEqual({ url: '', error: embeddedServerMessages.gaveUp(4, 5) });
    expect(server.status().error).toMatch(/^内置服务器在 5 分钟内意外退出 4 次，已停止自动重启/);
  });

  it('forgives exits older than the window', async () => {
    const { server, events, crash } = setUp({ restartWindowMs: 50 });
    await server.start();
    for (let round = 1; round <= 5; round += 1) {
      crash();
      await expect.poll(() => types(events).filter((type) => type === 'restarted').length).toBe(round);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(types(events)).not.toContain('gave-up');
  });

  it('takes any free port when its own is taken meanwhile (the page then has to follow)', async () => {
    const { server, events, crash, children } = setUp({}, { failWhenAskedFor: 50101 });
    await server.start();
    crash();
    await expect.poll(() => types(events)).toEqual(['restarting', 'restarting', 'restarted']);
    expect(events.at(-1)).toEqual({ type: 'restarted', url: 'http://127.0.0.1:50102', moved: true });
    expect(children.map((child) => child.env.PORT)).toEqual(['0', '50101', '0']);
  });

  it('neither restarts a server it stopped nor one that never started', async () => {
    const stopped = setUp();
    await stopped.server.start();
    await stopped.server.stop();
    expect(stopped.events).toEqual([]);

    const neverStarted = setUp({}, { failEveryStart: true });
    await expect(neverStarted.server.start()).rejects.toThrow('端口已被占用');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(neverStarted.events).toEqual([]);
    expect(neverStarted.children).toHaveLength(1);
  });

  it('does not restart after a stop that came during the pause', async () => {
    const { server, events, crash, children } = setUp({ restartDelaysMs: [40] });
    await server.start();
    crash();
    await expect.poll(() => types(events)).toEqual(['restarting']);
    await server.stop();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(children).toHaveLength(1);
    expect(server.status()).toEqual({ url: '' });
  });

  it('starts at once, on the known port, when asked during the pause', async () => {
    const { server, events, crash, children } = setUp({ restartDelaysMs: [10_000] });
    const url = await server.start();
    crash();
    await expect.poll(() => types(events)).toEqual(['restarting']);
    expect(await server.start()).toBe(url);
    expect(types(events)).toEqual(['restarting', 'restarted']);
    expect(children).toHaveLength(2);
    await server.stop();
  });
});
