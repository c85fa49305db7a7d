import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedServer, embeddedServerEnv, embeddedServerMessages, type LoggerLike } from './embedded-server';
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
    const env = embeddedServerEnv('/home/clerk/.config/app', {
      PATH: '/usr/bin',
      PORT: '80',
      HOST: '0.0.0.0',
      TLS_CERT: 'c.pem',
      TLS_KEY: 'k.pem',
      WEB_DIR: '/srv/www',
      DATABASE_URL: 'postgres://elsewhere/db',
    });
    expect(env).toMatchObject({
      PATH: '/usr/bin',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `sqlite:${join('/home/clerk/.config/app', 'data', 'app.db')}`,
      STORAGE_DIR: join('/home/clerk/.config/app', 'data', 'storage'),
      CORS_ORIGINS: 'app://renderer',
      TZ: 'Asia/Shanghai',
    });
    expect(env.TLS_CERT).toBeUndefined();
    expect(env.TLS_KEY).toBeUndefined();
    expect(env.WEB_DIR).toBeUndefined();
  });

  it('adds the dev server origin to CORS while developing', () => {
    expect(embeddedServerEnv('/u', {}, ['http://localhost:5173']).CORS_ORIGINS).toBe(
      'app://renderer,http://localhost:5173',
    );
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
    const server = createEmbeddedServer({ fork, entryPath: entry, userDataDir, baseEnv: process.env, log });
    const url = await server.start();
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.status()).toEqual({ url });
      expect(await server.start()).toBe(url); // already running: the same server

      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { data: { status: string; database: string } }).data).toMatchObject({
        status: 'ok',
        database: 'sqlite',
      });
      // The renderer's origin is allowed by CORS.
      const preflight = await fetch(`${url}/api/health`, { headers: { origin: 'app://renderer' } });
      expect(preflight.headers.get('access-control-allow-origin')).toBe('app://renderer');
      expect(existsSync(join(userDataDir, 'data', 'app.db'))).toBe(true);
    } finally {
      await server.stop();
    }
    expect(server.status()).toEqual({ url: '' });
    expect(isAlive(fork.pids[0]!)).toBe(false);
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

  it('notices when the server dies after starting', { timeout: 60_000 }, async () => {
    const fork = nodeFork();
    const server = createEmbeddedServer({
      fork,
      entryPath: entry,
      userDataDir,
      baseEnv: process.env,
      log: memoryLog(),
    });
    await server.start();
    process.kill(fork.pids[0]!, 'SIGKILL');
    await expect.poll(() => server.status().error, { timeout: 5000 }).toMatch(/^内置服务器意外退出/);
    expect(server.status().url).toBe('');
  });
});
