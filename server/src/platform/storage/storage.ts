import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { createDiskStore } from './disk-store';
import type { ByteRange, ObjectStore, PutOptions, PutResult, StoredObject } from './object-store';

/**
 * Stored files, addressed by URL paths `/storage/<dir>/<yyyy>/<mm>/<random>.<ext>` whose key is the part
 * after `/storage/`. Uploads and exports (Excel files, contract zips) both live here. Names are always
 * generated: nothing a client sends ever becomes part of a key, and `resolve` refuses every URL that
 * could name something else. Built once per app (app.ts, `app.ctx.storage`) over an object store, the
 * disk folder STORAGE_DIR by default; no disk path leaves this folder.
 */

export const STORAGE_URL_PREFIX = '/storage/';

/** Where a file lives: its key in the store, and the URL path records and clients use. */
export interface StoredLocation {
  key: string;
  url: string;
}

export interface StoredFile extends StoredLocation {
  size: number;
}

/** Bytes that can be read more than once, whole or by range (a staged upload; a buffer in tests). */
export interface ByteSource {
  readonly size: number;
  open(range?: ByteRange): Promise<Readable>;
}

/** An upload written to a hidden staging object, waiting for its checks before it gets a real name. */
export interface StagedFile extends ByteSource {
  /** The staging key (nothing is kept there when `exceeded`). */
  readonly key: string;
  /** Bytes the source delivered, counted to the end even past the limit. */
  readonly size: number;
  /** True when the source was larger than the limit; nothing is kept then. */
  readonly exceeded: boolean;
  /** Moves the staged bytes under a generated name in `dir`. */
  commit(dir: string, ext: string): Promise<StoredFile>;
  /** Removes the staging object; safe to call more than once or after commit. */
  discard(): Promise<void>;
}

export interface ResolvedFile extends StoredLocation {
  /** The file's own name (the last URL segment). */
  name: string;
  size: number;
  modifiedAt: Date;
}

export interface Storage {
  /** The store's five (and its housekeeping), by key: see object-store.ts. */
  put(key: string, source: Uint8Array | AsyncIterable<Uint8Array>, options?: PutOptions): Promise<PutResult>;
  open(key: string, range?: ByteRange): Promise<Readable | null>;
  stat(key: string): Promise<StoredObject | null>;
  remove(key: string): Promise<void>;
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Sets an object's time to now (a reused zip, so that the day-old sweep keeps it); false when gone. */
  touch(key: string): Promise<boolean>;

  stage(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StagedFile>;
  save(dir: string, ext: string, source: Uint8Array | AsyncIterable<Uint8Array>): Promise<StoredFile>;
  /** The stored file behind a `/storage/…` URL, or null (also for every URL that is not an ordinary name). */
  resolve(urlPath: string): Promise<ResolvedFile | null>;
  /** A fresh location `<dir>/<yyyy>/<mm>/<name>.<ext>` (a random name unless given); nothing is written. */
  locate(dir: string, ext: string, name?: string): StoredLocation;
  /**
   * Removes staging objects older than `maxAgeMs`, left behind when a server stopped in the middle of
   * an upload. Younger ones may belong to an upload in progress (here or in another instance).
   */
  sweepStaging(maxAgeMs: number): Promise<number>;
  /**
   * Removes exports (`/storage/exports/…`) older than `maxAgeMs`, and the month folders that leaves
   * empty. An export is written for one download (records never name one), so a day later nobody needs
   * it; without this they pile up. Answers the number of files removed.
   */
  sweepExports(maxAgeMs: number): Promise<number>;
}

export interface StorageOptions {
  /** Clock for the `<yyyy>/<mm>` folders and the sweeps. */
  now?: () => Date;
  /** IANA time zone whose calendar names the `<yyyy>/<mm>` folders (the server's TZ); default: the process's. */
  timeZone?: string;
  /** Where the bytes live; default: the disk folder given. */
  store?: ObjectStore;
}

/** Folder names the storage hands out: lower-case words, never dots or separators. */
const DIR_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
const EXT_PATTERN = /^[a-z0-9]{1,10}$/;
const NAME_PATTERN = /^[a-z0-9]{1,64}$/;
/** Staging objects sit under a dot-folder, which `resolve` never serves. */
export const STAGING_DIR = '.staging';
export const EXPORTS_DIR = 'exports';
const MAX_SEGMENT_LENGTH = 128;
const MAX_SEGMENTS = 8;

const randomName = () => randomBytes(16).toString('hex');

const pad2 = (value: number) => String(value).padStart(2, '0');

/** `['2026', '11']` for an instant, in the given time zone's calendar. */
const yearAndMonth = (date: Date, timeZone: string | undefined): [string, string] => {
  if (!timeZone) return [String(date.getFullYear()), pad2(date.getMonth() + 1)];
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(date);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return [part('year'), part('month')];
};

const assertDir = (dir: string) => {
  if (!DIR_PATTERN.test(dir)) throw new Error(`storage: invalid folder name ${JSON.stringify(dir)}`);
};

const assertExt = (ext: string) => {
  if (!EXT_PATTERN.test(ext)) throw new Error(`storage: invalid extension ${JSON.stringify(ext)}`);
};

/**
 * A URL segment is served only if it is an ordinary name: no dot-names (`.`, `..`, staging), no
 * separators of any platform, no NUL or control characters, no drive letters or NTFS streams.
 */
const isServedSegment = (segment: string) =>
  segment.length > 0 &&
  segment.length <= MAX_SEGMENT_LENGTH &&
  !segment.startsWith('.') &&
  // eslint-disable-next-line no-control-regex
  !/[\\/:\u0000-\u001f\u007f]/.test(segment);

/** The key a `/storage/…` URL names, or null when it is not an ordinary stored file's URL. */
export const keyOfUrl = (urlPath: string): string | null => {
  if (!urlPath.startsWith(STORAGE_URL_PREFIX)) return null;
  const segments = urlPath.slice(STORAGE_URL_PREFIX.length).split('/');
  if (segments.length > MAX_SEGMENTS || !segments.every(isServedSegment)) return null;
  return segments.join('/');
};

/** The whole of a source's bytes (an upload, at most its slot's limit). */
export const readAll = async (source: ByteSource): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of await source.open()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** The first `bytes` bytes of a source (fewer when it is shorter). */
export const readHead = async (source: ByteSource, bytes: number): Promise<Buffer> => {
  if (source.size === 0 || bytes === 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of await source.open({ start: 0, end: Math.min(bytes, source.size) - 1 })) {
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks).subarray(0, bytes);
};

export const createStorage = (storageDir: string, options: StorageOptions = {}): Storage => {
  const store = options.store ?? createDiskStore(storageDir);
  const now = options.now ?? (() => new Date());

  const locate = (dir: string, ext: string, name: string = randomName()): StoredLocation => {
    assertDir(dir);
    assertExt(ext);
    if (!NAME_PATTERN.test(name)) throw new Error(`storage: invalid name ${JSON.stringify(name)}`);
    const key = [dir, ...yearAndMonth(now(), options.timeZone), `${name}.${ext}`].join('/');
    return { key, url: STORAGE_URL_PREFIX + key };
  };

  const stage = async (source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StagedFile> => {
    const key = `${STAGING_DIR}/${randomName()}`;
    const { size, exceeded } = await store.put(key, source, { maxBytes });
    let settled = exceeded;
    return {
      key,
      size,
      exceeded,
      async open(range) {
        const stream = settled ? null : await store.open(key, range);
        if (!stream) throw new Error('storage: staged file already committed or discarded');
        return stream;
      },
      async commit(dir, ext) {
        if (settled) throw new Error('storage: staged file already committed or discarded');
        const location = locate(dir, ext);
        await store.move(key, location.key);
        settled = true;
        return { ...location, size };
      },
      async discard() {
        if (settled) return;
        settled = true;
        await store.remove(key);
      },
    };
  };

  const save = async (dir: string, ext: string, source: Uint8Array | AsyncIterable<Uint8Array>) => {
    const location = locate(dir, ext);
    const { size } = await store.put(location.key, source);
    return { ...location, size };
  };

  const resolve = async (urlPath: string): Promise<ResolvedFile | null> => {
    const key = keyOfUrl(urlPath);
    const found = key === null ? null : await store.stat(key);
    if (!found || key === null) return null;
    return {
      key,
      url: urlPath,
      name: key.slice(key.lastIndexOf('/') + 1),
      size: found.size,
      modifiedAt: found.modifiedAt,
    };
  };

  /** Removes the objects under `prefix` older than `maxAgeMs`; answers how many. */
  const removeOlder = async (prefix: string, maxAgeMs: number) => {
    const cutoff = now().getTime() - maxAgeMs;
    let removed = 0;
    for await (const object of store.list(prefix)) {
      if (object.modifiedAt.getTime() < cutoff) {
        await store.remove(object.key);
        removed += 1;
      }
    }
    return removed;
  };

  const sweepStaging = (maxAgeMs: number) => removeOlder(`${STAGING_DIR}/`, maxAgeMs);

  const sweepExports = async (maxAgeMs: number) => {
    const removed = await removeOlder(`${EXPORTS_DIR}/`, maxAgeMs);
    // The current month's folders stay even when empty: an export may be about to write there. Older
    // months get no new exports, so emptied ones go.
    const [year, month] = yearAndMonth(now(), options.timeZone);
    await store.pruneFolders?.(EXPORTS_DIR, new Set([`${EXPORTS_DIR}/${year}`, `${EXPORTS_DIR}/${year}/${month}`]));
    return removed;
  };

  return {
    put: (key, source, putOptions) => store.put(key, source, putOptions),
    open: (key, range) => store.open(key, range),
    stat: (key) => store.stat(key),
    remove: (key) => store.remove(key),
    list: (prefix) => store.list(prefix),
    touch: (key) => store.touch(key),
    stage,
    save,
    resolve,
    locate,
    sweepStaging,
    sweepExports,
  };
};

/** Bytes held in memory as a source (tests, and checks of content that is already a buffer). */
export const bufferSource = (bytes: Uint8Array): ByteSource => ({
  size: bytes.byteLength,
  async open(range) {
    const start = range?.start ?? 0;
    const end = range?.end === undefined ? bytes.byteLength : range.end + 1;
    return Readable.from([Buffer.from(bytes.subarray(start, end))]);
  },
});
