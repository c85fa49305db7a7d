import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';

/**
 * The server sweeps its storage by itself: exports older than a day (and staging files left by a stop)
 * go at the start and then every hour, while the server runs, and the timer stops with the server.
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;

let base: string;
let storageDir: string;
let t: TestApp | undefined;

/** A file under the storage folder, its modification time `ageMs` in the past. */
const fileAged = async (relative: string, ageMs: number) => {
  const path = join(storageDir, relative);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, 'PK');
  const at = new Date(Date.now() - ageMs);
  await utimes(path, at, at);
  return path;
};

const exists = async (path: string) =>
  (await readdir(join(path, '..')).catch(() => [] as string[])).includes(path.split('/').pop() ?? '');

/** The sweep is not awaited by the start: wait (a little) until the file is gone. */
const gone = async (path: string) => {
  for (let attempt = 0; attempt < 100 && (await exists(path)); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return !(await exists(path));
};

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'storage-sweep-'));
  storageDir = join(base, 'storage');
});

afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
  await rm(base, { recursive: true, force: true });
});

describe('storage sweep', () => {
  it('removes exports older than a day when the server starts, and keeps younger ones and uploads', async () => {
    const old = await fileAged('exports/2026/10/0123456789abcdef0123456789abcdef.xlsx', 2 * DAY);
    const young = await fileAged('exports/2026/11/fedcba9876543210fedcba9876543210.xlsx', 2 * HOUR);
    const upload = await fileAged('contract/2025/01/00112233445566778899aabbccddeeff.pdf', 400 * DAY);
    const staging = await fileAged('.staging/00112233445566778899aabbccddeeff', 3 * DAY);

    t = await buildTestApp({ env: { STORAGE_DIR: storageDir } });

    expect(await gone(old)).toBe(true);
    expect(await gone(staging)).toBe(true);
    expect(await exists(young)).toBe(true);
    expect(await exists(upload)).toBe(true);
    // The emptied month folder of an earlier month went with its file.
    expect(await readdir(join(storageDir, 'exports', '2026'))).toEqual(['11']);
  });

  it('sweeps again every hour while the server runs, and stops when it closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    t = await buildTestApp({ env: { STORAGE_DIR: storageDir } });
    // Made after the start's sweep: a day and a half old, so the next sweep takes it.
    const later = await fileAged('exports/2026/11/aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb.xlsx', 1.5 * DAY);
    expect(vi.getTimerCount()).toBeGreaterThanOrEqual(1);

    vi.advanceTimersByTime(30 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await exists(later)).toBe(true);

    vi.advanceTimersByTime(30 * 60_000);
    expect(await gone(later)).toBe(true);

    await t.close();
    t = undefined;
    expect(vi.getTimerCount()).toBe(0);
  });
});
