import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database';
import { parseConfig } from './config';
import { parseCommand, type RunningServer, runCli, startServer } from './main';

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { log: (line: string) => out.push(line), error: (line: string) => err.push(line) }, out, err };
};

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('command line', () => {
  it('parses the commands and refuses the rest', () => {
    expect(parseCommand(['serve'])).toEqual({ name: 'serve', webDir: null });
    expect(parseCommand(['serve', '--web', 'renderer-dist'])).toEqual({ name: 'serve', webDir: 'renderer-dist' });
    expect(parseCommand(['migrate'])).toEqual({ name: 'migrate' });
    expect(parseCommand(['backup', 'b.db'])).toEqual({ name: 'backup', file: 'b.db' });
    expect(parseCommand([])).toEqual({ name: 'help', error: null });
    expect(parseCommand(['serve', '--web'])).toMatchObject({ name: 'help', error: expect.any(String) });
    expect(parseCommand(['backup'])).toEqual({ name: 'help', error: '请指定备份文件' });
    expect(parseCommand(['drop'])).toEqual({ name: 'help', error: '未知命令：drop' });
  });

  it('prints the usage with exit code 2 for an unknown command, and reports a bad setting', async () => {
    const unknown = capture();
    expect(await runCli(['drop'], {}, tmpdir(), unknown.io)).toBe(2);
    expect(unknown.err).toEqual(['未知命令：drop']);
    expect(unknown.out.join('\n')).toContain('serve [--web <目录>]');
    const badPort = capture();
    expect(await runCli(['migrate'], { PORT: 'eighty' }, tmpdir(), badPort.io)).toBe(2);
    expect(badPort.err[0]).toContain('PORT');
  });

  it('says pg_dump is the way to back up PostgreSQL, without connecting', async () => {
    const { io, err } = capture();
    const env = { DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none' };
    expect(await runCli(['backup', 'x.dump'], env, tmpdir(), io)).toBe(1);
    expect(err.join('\n')).toContain('pg_dump');
  });
});

describe('migrate, backup and serve', () => {
  let testDb: TestDatabase;
  let env: Record<string, string>;
  let running: RunningServer | null = null;

  beforeEach(async () => {
    testDb = await createTestDatabase();
    env = {
      DATABASE_URL: testDb.url,
      STORAGE_DIR: join(testDb.dir, 'storage'),
      PASSWORD_HASH_COST: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
    };
  });

  afterEach(async () => {
    await running?.close();
    running = null;
    await testDb.cleanup();
  });

  it('migrates once, then says the database is up to date', async () => {
    const first = capture();
    expect(await runCli(['migrate'], env, testDb.dir, first.io)).toBe(0);
    expect(first.out.join('\n')).toContain('2026_11_22_0900_create_staff_and_sessions');
    const second = capture();
    expect(await runCli(['migrate'], env, testDb.dir, second.io)).toBe(0);
    expect(second.out).toEqual(['数据库已是最新']);
  });

  it.skipIf(process.env.TEST_DB === 'postgres')('backs up SQLite with VACUUM INTO into a new file', async () => {
    expect(await runCli(['migrate'], env, testDb.dir, capture().io)).toBe(0);
    const live = new Database(join(testDb.dir, 'app.db'));
    live
      .prepare("insert into customers (name, type_id, created_at, updated_at) values ('备份客户', 1, 'x', 'x')")
      .run([]);
    live.close();

    const { io, out } = capture();
    expect(await runCli(['backup', 'backups/app-copy.db'], env, testDb.dir, io)).toBe(0);
    const copyPath = join(testDb.dir, 'backups', 'app-copy.db');
    expect(out.join('\n')).toContain(copyPath);
    const copy = new Database(copyPath, { readonly: true });
    expect(copy.prepare('select name from customers').all([])).toEqual([{ name: '备份客户' }]);
    copy.close();

    // Never overwrites an earlier backup.
    const again = capture();
    expect(await runCli(['backup', 'backups/app-copy.db'], env, testDb.dir, again.io)).toBe(1);
    expect(again.err[0]).toContain('已存在');
  });

  it('serve migrates first, listens and answers over real HTTP', async () => {
    const { io, out } = capture();
    const result = await runCli(['serve'], env, testDb.dir, io, { logger: false });
    expect(typeof result).toBe('object');
    running = result as RunningServer;
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out[0]).toBe(`服务器已启动：${running.url}`);
    const health = await fetch(`${running.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ code: 200, data: { status: 'ok', database: testDb.kind } });
    const setup = (await (await fetch(`${running.url}/api/setup`)).json()) as { data: unknown };
    expect(setup.data).toEqual({ needs_setup: true });
    expect(existsSync(env.STORAGE_DIR as string)).toBe(true);
  });

  it('serve --web serves the built renderer', async () => {
    const webDir = join(testDb.dir, 'renderer-dist');
    await mkdir(webDir);
    await writeFile(join(webDir, 'index.html'), '<!doctype html><title>二手车出口业务管理系统</title>');
    const result = await runCli(['serve', '--web', 'renderer-dist'], env, testDb.dir, capture().io, { logger: false });
    running = result as RunningServer;
    const page = await fetch(`${running.url}/setting/staff`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('二手车出口业务管理系统');
  });

  it('startServer takes a config object (the embedded server) and closes cleanly', async () => {
    running = await startServer(parseConfig(env, testDb.dir), { logger: false });
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    await running.close();
    running = null;
  });

  it.skipIf(!hasOpenssl)('speaks HTTPS when TLS_CERT and TLS_KEY are set', async () => {
    const tlsDir = await mkdtemp(join(tmpdir(), 'tls-'));
    try {
      const keyFile = join(tlsDir, 'key.pem');
      const certFile = join(tlsDir, 'cert.pem');
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          keyFile,
          '-out',
          certFile,
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
      running = await startServer(parseConfig({ ...env, TLS_CERT: certFile, TLS_KEY: keyFile }, testDb.dir), {
        logger: false,
      });
      expect(running.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const status = await new Promise<number>((resolve, reject) => {
        httpsRequest(`${running?.url}/api/health`, { rejectUnauthorized: false }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
      expect(status).toBe(200);
    } finally {
      await rm(tlsDir, { recursive: true, force: true });
    }
  });
});
