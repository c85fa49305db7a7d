import { mkdtemp, mkdir, readFile, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStorage, type Storage } from './storage';

let base: string;
let root: string;
let storage: Storage;

const november = () => new Date(2026, 10, 22, 9, 30);

/** Where the disk store keeps a key (the test looks at the disk itself). */
const pathOf = (key: string) => join(root, ...key.split('/'));

const chunksOf = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

/** Every file under a folder, relative, dot-folders included. */
const listFiles = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'storage-test-'));
  root = join(base, 'storage');
  await mkdir(root);
  storage = createStorage(root, { now: november });
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('save', () => {
  it('writes under <dir>/<yyyy>/<mm>/<random>.<ext> and answers the matching url', async () => {
    const stored = await storage.save('contract', 'pdf', Buffer.from('%PDF-1.4 body'));

    expect(stored.url).toMatch(/^\/storage\/contract\/2026\/11\/[0-9a-f]{32}\.pdf$/);
    expect(stored.key).toBe(stored.url.slice('/storage/'.length));
    expect(stored.size).toBe(13);
    expect(await readFile(pathOf(stored.key), 'utf8')).toBe('%PDF-1.4 body');
  });

  it('names the month folder in the configured time zone', async () => {
    // 2026-11-30 20:00 UTC is already December 1st in Shanghai.
    const lateNovemberUtc = () => new Date(Date.UTC(2026, 10, 30, 20, 0));
    const shanghai = createStorage(root, { now: lateNovemberUtc, timeZone: 'Asia/Shanghai' });
    const london = createStorage(root, { now: lateNovemberUtc, timeZone: 'Europe/London' });
    expect((await shanghai.save('image', 'png', Buffer.from('a'))).url).toMatch(/^\/storage\/image\/2026\/12\//);
    expect((await london.save('image', 'png', Buffer.from('a'))).url).toMatch(/^\/storage\/image\/2026\/11\//);
  });

  it('never reuses a name', async () => {
    const first = await storage.save('image', 'png', Buffer.from('a'));
    const second = await storage.save('image', 'png', Buffer.from('a'));
    expect(first.url).not.toBe(second.url);
  });

  it('accepts a stream and leaves no staging file behind', async () => {
    const stored = await storage.save('document', 'txt', chunksOf('hello ', 'world'));
    expect(await readFile(pathOf(stored.key), 'utf8')).toBe('hello world');
    expect(await listFiles(root)).toEqual([stored.url.slice('/storage/'.length)]);
  });

  it('refuses folder names and extensions that could make a path', async () => {
    await expect(storage.save('../etc', 'pdf', Buffer.from('x'))).rejects.toThrow(/invalid folder/);
    await expect(storage.save('contract/..', 'pdf', Buffer.from('x'))).rejects.toThrow(/invalid folder/);
    await expect(storage.save('.staging', 'pdf', Buffer.from('x'))).rejects.toThrow(/invalid folder/);
    await expect(storage.save('contract', 'pdf/../../x', Buffer.from('x'))).rejects.toThrow(/invalid extension/);
    await expect(storage.save('contract', '', Buffer.from('x'))).rejects.toThrow(/invalid extension/);
    expect(await listFiles(base)).toEqual([]);
  });
});

describe('stage', () => {
  it('keeps the bytes in a hidden staging file until commit', async () => {
    const staged = await storage.stage(chunksOf('abc', 'def'), 10);
    expect(staged).toMatchObject({ size: 6, exceeded: false });
    expect(staged.key.startsWith('.staging/')).toBe(true);
    expect(await readFile(pathOf(staged.key), 'utf8')).toBe('abcdef');

    const stored = await staged.commit('agreement', 'txt');
    expect(await readFile(pathOf(stored.key), 'utf8')).toBe('abcdef');
    expect(await listFiles(root)).toEqual([stored.url.slice('/storage/'.length)]);
    await expect(staged.commit('agreement', 'txt')).rejects.toThrow(/already/);
  });

  it('reads a source past the limit to its end but keeps nothing of it', async () => {
    let delivered = 0;
    async function* source() {
      for (let index = 0; index < 5; index += 1) {
        delivered += 4;
        yield Buffer.from('abcd');
      }
    }
    const staged = await storage.stage(source(), 10);
    expect(staged).toMatchObject({ size: 20, exceeded: true });
    expect(delivered).toBe(20);
    expect(await listFiles(root)).toEqual([]);
    await expect(staged.commit('contract', 'pdf')).rejects.toThrow();
  });

  it('accepts a source exactly at the limit', async () => {
    const staged = await storage.stage(chunksOf('12345', '67890'), 10);
    expect(staged).toMatchObject({ size: 10, exceeded: false });
  });

  it('discard removes the staging file', async () => {
    const staged = await storage.stage(chunksOf('x'), 10);
    await staged.discard();
    await staged.discard();
    expect(await listFiles(root)).toEqual([]);
  });

  it('removes the staging file when the source fails midway', async () => {
    async function* broken() {
      yield Buffer.from('part');
      throw new Error('client went away');
    }
    await expect(storage.stage(broken(), 100)).rejects.toThrow('client went away');
    expect(await listFiles(root)).toEqual([]);
  });
});

describe('sweepStaging', () => {
  it('removes staging files older than the given age and keeps younger ones and stored files', async () => {
    const stored = await storage.save('contract', 'pdf', Buffer.from('kept'));
    const old = await storage.stage(chunksOf('left behind'), 100);
    const young = await storage.stage(chunksOf('in progress'), 100);
    const twoDaysAgo = new Date(november().getTime() - 2 * 24 * 3600_000);
    await utimes(pathOf(old.key), twoDaysAgo, twoDaysAgo);
    await utimes(pathOf(young.key), november(), november());

    expect(await storage.sweepStaging(24 * 3600_000)).toBe(1);
    const left = await listFiles(root);
    expect(left).toContain(stored.url.slice('/storage/'.length));
    expect(left).toContain(pathOf(young.key).slice(root.length + 1));
    expect(left).not.toContain(pathOf(old.key).slice(root.length + 1));
  });

  it('does nothing when nothing was ever staged', async () => {
    expect(await storage.sweepStaging(0)).toBe(0);
  });
});

describe('sweepExports', () => {
  const DAY = 24 * 3600_000;
  const daysAgo = (days: number) => new Date(november().getTime() - days * DAY);
  /** An export written `days` before the storage's "now", in its month folder. */
  const exportFrom = async (year: string, month: string, days: number) => {
    const folder = join(root, 'exports', year, month);
    await mkdir(folder, { recursive: true });
    const path = join(folder, `${days}-${Math.random().toString(16).slice(2)}.xlsx`);
    await writeFile(path, 'PK');
    await utimes(path, daysAgo(days), daysAgo(days));
    return path.slice(root.length + 1);
  };

  it('removes exports older than the given age, keeps younger ones, uploads and staging files', async () => {
    const old = await exportFrom('2026', '11', 2);
    const justOverADay = await exportFrom('2026', '11', 1.01);
    const young = await exportFrom('2026', '11', 0.5);
    const fresh = storage.locate('exports', 'xlsx');
    await storage.put(fresh.key, Buffer.from('PK'));
    await utimes(pathOf(fresh.key), november(), november());
    // Uploads and staging files are not exports, however old.
    const upload = await storage.save('agreement', 'zip', Buffer.from('PK'));
    await utimes(pathOf(upload.key), daysAgo(400), daysAgo(400));
    const staged = await storage.stage(chunksOf('in progress'), 100);
    await utimes(pathOf(staged.key), daysAgo(3), daysAgo(3));

    expect(await storage.sweepExports(DAY)).toBe(2);
    const left = await listFiles(root);
    expect(left).not.toContain(old);
    expect(left).not.toContain(justOverADay);
    expect(left).toContain(young);
    expect(left).toContain(fresh.url.slice('/storage/'.length));
    expect(left).toContain(upload.url.slice('/storage/'.length));
    expect(left).toContain(pathOf(staged.key).slice(root.length + 1));
    expect(await storage.resolve(`/storage/${old}`)).toBeNull();
    expect(await storage.resolve(fresh.url)).not.toBeNull();
  });

  it('removes the month and year folders it empties, but not the current month’s, where new exports go', async () => {
    await exportFrom('2025', '12', 340);
    await exportFrom('2026', '10', 30);
    const keptInOctober = await exportFrom('2026', '10', 0.2);
    await exportFrom('2026', '11', 3);

    expect(await storage.sweepExports(DAY)).toBe(3);
    expect(await readdir(join(root, 'exports'))).toEqual(['2026']);
    expect((await readdir(join(root, 'exports', '2026'))).sort()).toEqual(['10', '11']);
    expect(await readdir(join(root, 'exports', '2026', '11'))).toEqual([]);
    expect(await listFiles(join(root, 'exports'))).toEqual([keptInOctober.slice('exports/'.length)]);

    // Once the last file of October is old too, its folder goes; November's stays for the next export.
    await utimes(join(root, keptInOctober), daysAgo(2), daysAgo(2));
    expect(await storage.sweepExports(DAY)).toBe(1);
    expect(await readdir(join(root, 'exports', '2026'))).toEqual(['11']);
    const next = storage.locate('exports', 'xlsx');
    await storage.put(next.key, Buffer.from('PK'));
    expect(await storage.resolve(next.url)).not.toBeNull();
  });

  it('never follows a symlink out of the exports folder', async () => {
    const outside = join(base, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'precious.xlsx'), 'PK');
    await utimes(join(outside, 'precious.xlsx'), daysAgo(10), daysAgo(10));
    await mkdir(join(root, 'exports', '2026'), { recursive: true });
    await symlink(outside, join(root, 'exports', '2026', '09'));
    await symlink(join(outside, 'precious.xlsx'), join(root, 'exports', 'link.xlsx'));

    expect(await storage.sweepExports(DAY)).toBe(0);
    expect(await readdir(outside)).toEqual(['precious.xlsx']);
  });

  it('does nothing when nothing was ever exported', async () => {
    expect(await storage.sweepExports(0)).toBe(0);
  });
});

describe('resolve', () => {
  it('finds a stored file by its url', async () => {
    const stored = await storage.save('contract', 'pdf', Buffer.from('%PDF-1.4'));
    const resolved = await storage.resolve(stored.url);
    expect(resolved).toMatchObject({ key: stored.key, name: stored.url.split('/').pop(), size: 8 });
  });

  it('answers null for a missing file or a folder', async () => {
    await storage.save('contract', 'pdf', Buffer.from('x'));
    expect(await storage.resolve('/storage/contract/2026/11/missing.pdf')).toBeNull();
    expect(await storage.resolve('/storage/contract/2026/11')).toBeNull();
    expect(await storage.resolve('/storage/contract/2026/11/')).toBeNull();
  });

  it('refuses every path that could leave the folder, and reads nothing outside it', async () => {
    await writeFile(join(base, 'secret.txt'), 'outside');
    await mkdir(join(root, 'contract'), { recursive: true });
    const attempts = [
      '/storage/../secret.txt',
      '/storage/contract/../../secret.txt',
      '/storage/./contract/../../secret.txt',
      '/storage/..\\secret.txt',
      '/storage/contract\\..\\..\\secret.txt',
      `/storage/${join(base, 'secret.txt')}`,
      `/storage//${join(base, 'secret.txt')}`,
      '/storage/C:/secret.txt',
      '/storage/contract/secret.txt\u0000.pdf',
      '/storage/contract/%2e%2e/%2e%2e/secret.txt',
      '/other/secret.txt',
      '../secret.txt',
      '',
    ];
    for (const attempt of attempts) {
      expect(await storage.resolve(attempt), attempt).toBeNull();
    }
  });

  it('refuses a symlink that points outside the folder', async () => {
    await writeFile(join(base, 'secret.txt'), 'outside');
    await mkdir(join(root, 'contract'), { recursive: true });
    await symlink(join(base, 'secret.txt'), join(root, 'contract', 'link.txt'));
    await symlink(base, join(root, 'escape'));
    expect(await storage.resolve('/storage/contract/link.txt')).toBeNull();
    expect(await storage.resolve('/storage/escape/secret.txt')).toBeNull();
  });

  it('never serves staging files', async () => {
    const staged = await storage.stage(chunksOf('pending'), 100);
    const name = staged.key.split('/').pop();
    expect(await storage.resolve(`/storage/.staging/${name}`)).toBeNull();
  });
});

describe('locate', () => {
  it('hands out a fresh xlsx location under exports, where a put makes its folder', async () => {
    const first = storage.locate('exports', 'xlsx');
    const second = storage.locate('exports', 'xlsx');
    expect(first.url).toMatch(/^\/storage\/exports\/2026\/11\/[0-9a-f]{32}\.xlsx$/);
    expect(second.url).not.toBe(first.url);

    await storage.put(first.key, Buffer.from('PK'));
    expect(await storage.resolve(first.url)).toMatchObject({ key: first.key, size: 2 });
  });
});
