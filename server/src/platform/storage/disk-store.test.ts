import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStore } from './disk-store';
import { ObjectExists, type ObjectStore } from './object-store';

/** The disk store's own promises, which an S3 store would have to keep too (docs/storage.md). */

let base: string;
let root: string;
let store: ObjectStore;

const text = async (stream: Readable | null) => {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
};

const keysUnder = async (prefix: string) => {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys.sort();
};

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'disk-store-test-'));
  root = join(base, 'storage');
  await mkdir(root);
  store = createDiskStore(root);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('the disk store', () => {
  it('reads an object whole or by an inclusive byte range, and answers null for none', async () => {
    await store.put('contract/2026/11/a.txt', Buffer.from('0123456789'));
    expect(await text(await store.open('contract/2026/11/a.txt'))).toBe('0123456789');
    expect(await text(await store.open('contract/2026/11/a.txt', { start: 2, end: 4 }))).toBe('234');
    expect(await text(await store.open('contract/2026/11/a.txt', { start: 7 }))).toBe('789');
    expect(await store.open('contract/2026/11/missing.txt')).toBeNull();
    expect(await store.stat('contract/2026/11/a.txt')).toMatchObject({ key: 'contract/2026/11/a.txt', size: 10 });
  });

  it('with ifAbsent never replaces an object, and leaves no temporary file behind', async () => {
    await store.put('exports/2026/11/z.zip', Buffer.from('first'));
    await expect(store.put('exports/2026/11/z.zip', Buffer.from('second'), { ifAbsent: true })).rejects.toThrow(
      ObjectExists,
    );
    expect(await text(await store.open('exports/2026/11/z.zip'))).toBe('first');
    expect(await readdir(join(root, '.staging'))).toEqual([]);
    // Without it, a put replaces the object whole.
    await store.put('exports/2026/11/z.zip', Buffer.from('second'));
    expect(await text(await store.open('exports/2026/11/z.zip'))).toBe('second');
  });

  it('lists the regular files under a prefix only, never following a symlink', async () => {
    await store.put('exports/2026/11/a.xlsx', Buffer.from('PK'));
    await store.put('exports/2026/10/b.xlsx', Buffer.from('PK'));
    await store.put('contract/2026/11/c.pdf', Buffer.from('%PDF'));
    await mkdir(join(base, 'outside'));
    await writeFile(join(base, 'outside', 'secret.xlsx'), 'PK');
    await symlink(join(base, 'outside'), join(root, 'exports', '2026', '09'));
    await symlink(join(base, 'outside', 'secret.xlsx'), join(root, 'exports', 'link.xlsx'));

    expect(await keysUnder('exports/')).toEqual(['exports/2026/10/b.xlsx', 'exports/2026/11/a.xlsx']);
    expect(await keysUnder('nothing-here/')).toEqual([]);
    expect(await store.open('exports/link.xlsx')).toBeNull();
  });

  it('moves and removes by key, and refuses keys that could leave the folder', async () => {
    await store.put('.staging/abc', Buffer.from('staged'));
    await store.move('.staging/abc', 'agreement/2026/11/abc.txt');
    expect(await store.stat('.staging/abc')).toBeNull();
    expect(await text(await store.open('agreement/2026/11/abc.txt'))).toBe('staged');
    await store.remove('agreement/2026/11/abc.txt');
    await store.remove('agreement/2026/11/abc.txt');
    expect(await store.stat('agreement/2026/11/abc.txt')).toBeNull();

    await writeFile(join(base, 'secret.txt'), 'outside');
    for (const key of ['../secret.txt', 'contract/../../secret.txt', '', 'a//b', 'C:/x', 'a\\..\\b']) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid key/);
      expect(await store.open(key), key).toBeNull();
    }
  });
});
