import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-app';

/** A release as electron-builder writes it: latest.yml naming the installer and its checksum. */
const latestYml = [
  'version: 1.2.0',
  'files:',
  '  - url: 二手车出口业务管理系统-Setup-1.2.0.exe',
  '    sha512: c2hhNTEy',
  '    size: 8',
  'path: 二手车出口业务管理系统-Setup-1.2.0.exe',
  'sha512: c2hhNTEy',
  "releaseDate: '2026-11-24T08:00:00.000Z'",
  '',
].join('\n');
const installer = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

describe('the update feed GET /updates/… (UPDATES_DIR)', () => {
  let root: string;
  let updatesDir: string;
  let t: TestApp;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'update-feed-'));
    updatesDir = join(root, 'updates');
    await mkdir(updatesDir);
    await writeFile(join(updatesDir, 'latest.yml'), latestYml);
    await writeFile(join(updatesDir, '.env'), 'SECRET=1');
    await writeFile(join(root, 'outside.txt'), 'not for the feed');
    t = await buildTestApp({ env: { UPDATES_DIR: updatesDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves latest.yml without a token, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/updates/latest.yml' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe(latestYml);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves an installer copied into the folder after the server started, byte for byte', async () => {
    const name = '二手车出口业务管理系统-Setup-1.2.0.exe';
    const before = await t.app.inject({ method: 'GET', url: `/updates/${encodeURIComponent(name)}` });
    expect(before.statusCode).toBe(404);
    await writeFile(join(updatesDir, name), installer);
    const response = await t.app.inject({ method: 'GET', url: `/updates/${encodeURIComponent(name)}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(installer)).toBe(true);
  });

  it('serves nothing outside the folder, no hidden file and no listing', async () => {
    for (const url of [
      '/updates/../outside.txt',
      '/updates/%2e%2e/outside.txt',
      '/updates/..%2foutside.txt',
      '/updates/.env',
      '/updates/',
      '/updates/missing.yml',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body, url).not.toContain('not for the feed');
      expect(response.body, url).not.toContain('SECRET');
    }
  });

  it('leaves the API behind its token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
  });
});

describe('without UPDATES_DIR', () => {
  it('has no update feed: 404', async () => {
    const t = await buildTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/updates/latest.yml' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: '记录不存在', data: null });
    } finally {
      await t.close();
    }
  });
});
