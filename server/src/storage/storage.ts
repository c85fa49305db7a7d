import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, realpath, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { isAbsolute, join, resolve as resolvePath, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Files on disk under STORAGE_DIR, addressed by URL paths `/storage/<dir>/<yyyy>/<mm>/<random>.<ext>`.
 * Uploads and Excel exports both live here. Names are always generated: nothing a client sends ever
 * becomes part of a path, and `resolve` refuses every path that could leave the folder. Free of
 * Fastify so that services (exports, clean-ups) can use it too.
 */

export const STORAGE_URL_PREFIX = '/storage/';

/** Where a file lives: on disk, and the URL path records and clients use. */
export interface StoredLocation {
  path: string;
  url: string;
}

export interface StoredFile extends StoredLocation {
  size: number;
}

/** An upload written to a hidden staging file, waiting for its checks before it gets a real name. */
export interface StagedFile {
  /** Absolute path of the staging file (already removed when `exceeded`). */
  readonly path: string;
  /** Bytes the source delivered, counted to the end even past the limit. */
  readonly size: number;
  /** True when the source was larger than the limit; nothing is kept on disk then. */
  readonly exceeded: boolean;
  /** Moves the staged bytes under a generated name in `dir`. */
  commit(dir: string, ext: string): Promise<StoredFile>;
  /** Removes the staging file; safe to call more than once or after commit. */
  discard(): Promise<void>;
}

export interface ResolvedFile {
  /** Real path on disk, symlinks resolved, known to be inside the storage folder. */
  path: string;
  /** The file's own name (the last URL segment). */
  name: string;
  size: number;
  modifiedAt: Date;
}

export interface Storage {
  readonly root: string;
  stage(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StagedFile>;
  save(dir: string, ext: string, source: Uint8Array | AsyncIterable<Uint8Array>): Promise<StoredFile>;
  resolve(urlPath: string): Promise<ResolvedFile | null>;
  exportPath(ext: string): Promise<StoredLocation>;
  /**
   * Removes staging files older than `maxAgeMs`, left behind when a server stopped in the middle of
   * an upload. Younger ones may belong to an upload in progress (here or in another instance).
   */
  sweepStaging(maxAgeMs: number): Promise<number>;
  /**
   * Removes export files (`/storage/exports/…`) older than `maxAgeMs`, and the month folders that
   * leaves empty. An export is written for one download (records never name one), so a day later
   * nobody needs it; without this they pile up. Answers the number of files removed.
   */
  sweepExports(maxAgeMs: number): Promise<number>;
}

export interface StorageOptions {
  /** Clock for the `<yyyy>/<mm>` folders. */
  now?: () => Date;
  /** IANA time zone whose calendar names the `<yyyy>/<mm>` folders (the server's TZ); default: the process's. */
  timeZone?: string;
}

/** Folder names the storage hands out: lower-case words, never dots or separators. */
const DIR_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
const EXT_PATTERN = /^[a-z0-9]{1,10}$/;
/** Staging files sit in a dot-folder, which `resolve` never serves. */
const STAGING_DIR = '.staging';
const EXPORTS_DIR = 'exports';
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
const isSafeSegment = (segment: string) =>
  segment.length > 0 &&
  segment.length <= MAX_SEGMENT_LENGTH &&
  !segment.startsWith('.') &&
  // eslint-disable-next-line no-control-regex
  !/[\\/:\u0000-\u001f\u007f]/.test(segment);

const removeQuietly = async (path: string) => {
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
};

const isInside = (root: string, candidate: string) => candidate.startsWith(root.endsWith(sep) ? root : root + sep);

export const createStorage = (storageDir: string, options: StorageOptions = {}): Storage => {
  const root = resolvePath(storageDir);
  const now = options.now ?? (() => new Date());

  /** A fresh location `<dir>/<yyyy>/<mm>/<random>.<ext>`, its folder created. */
  const allocate = async (dir: string, ext: string): Promise<StoredLocation> => {
    assertDir(dir);
    assertExt(ext);
    const segments = [dir, ...yearAndMonth(now(), options.timeZone)];
    const folder = join(root, ...segments);
    await mkdir(folder, { recursive: true });
    const name = `${randomName()}.${ext}`;
    return { path: join(folder, name), url: STORAGE_URL_PREFIX + [...segments, name].join('/') };
  };

  const stage = async (source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StagedFile> => {
    const folder = join(root, STAGING_DIR);
    await mkdir(folder, { recursive: true });
    const path = join(folder, randomName());
    let size = 0;
    let exceeded = false;
    // 'wx': a staging name is never reused, and an existing file or symlink is never written through.
    const output = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Uint8Array>) {
          for await (const chunk of chunks) {
            size += chunk.byteLength;
            if (size > maxBytes) exceeded = true;
            // Past the limit, keep reading to the end so that the client's request is consumed and it
            // hears our answer, but stop writing: the file is refused anyway.
            if (!exceeded) yield chunk;
          }
        },
        output,
      );
    } catch (error) {
      // The file may still be opening when the source fails: remove it only once the stream has let go,
      // or the late open would leave it behind.
      if (!output.closed) await new Promise<void>((resolve) => output.once('close', () => resolve()));
      await removeQuietly(path);
      throw error;
    }
    if (exceeded) await removeQuietly(path);

    let settled = exceeded;
    return {
      path,
      size,
      exceeded,
      async commit(dir, ext) {
        if (settled) throw new Error('storage: staged file already committed or discarded');
        const location = await allocate(dir, ext);
        await rename(path, location.path);
        settled = true;
        return { ...location, size };
      },
      async discard() {
        if (settled) return;
        settled = true;
        await removeQuietly(path);
      },
    };
  };

  const save = async (dir: string, ext: string, source: Uint8Array | AsyncIterable<Uint8Array>) => {
    const chunks: AsyncIterable<Uint8Array> =
      source instanceof Uint8Array
        ? (async function* () {
            yield source;
          })()
        : source;
    const staged = await stage(chunks, Number.POSITIVE_INFINITY);
    try {
      return await staged.commit(dir, ext);
    } finally {
      await staged.discard();
    }
  };

  const resolve = async (urlPath: string): Promise<ResolvedFile | null> => {
    if (!urlPath.startsWith(STORAGE_URL_PREFIX)) return null;
    const segments = urlPath.slice(STORAGE_URL_PREFIX.length).split('/');
    if (segments.length > MAX_SEGMENTS || !segments.every(isSafeSegment)) return null;
    const candidate = join(root, ...segments);
    if (isAbsolute(segments[0] ?? '') || !isInside(root, candidate)) return null;
    try {
      // Compare real paths so that a symlink inside the folder cannot lead outside it.
      const [realRoot, realCandidate] = await Promise.all([realpath(root), realpath(candidate)]);
      if (!isInside(realRoot, realCandidate)) return null;
      const info = await stat(realCandidate);
      if (!info.isFile()) return null;
      return {
        path: realCandidate,
        name: segments[segments.length - 1] ?? '',
        size: info.size,
        modifiedAt: info.mtime,
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENAMETOOLONG') return null;
      throw error;
    }
  };

  const exportPath = (ext: string) => allocate(EXPORTS_DIR, ext);

  const sweepStaging = async (maxAgeMs: number) => {
    const folder = join(root, STAGING_DIR);
    const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const cutoff = now().getTime() - maxAgeMs;
    let removed = 0;
    for (const name of names) {
      const path = join(folder, name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && info.mtimeMs < cutoff) {
        await removeQuietly(path);
        removed += 1;
      }
    }
    return removed;
  };

  const sweepExports = async (maxAgeMs: number) => {
    const folder = join(root, EXPORTS_DIR);
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    const cutoff = now().getTime() - maxAgeMs;
    let removed = 0;
    // Symlinks are neither files nor folders here: never followed, never removed.
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < cutoff) {
        await removeQuietly(path);
        removed += 1;
      }
    }
    // The current month's folders stay even when empty: an export may have just made them and be
    // about to write its file there. Older months get no new exports, so emptied ones go.
    const [year, month] = yearAndMonth(now(), options.timeZone);
    const current = new Set([join(folder, year), join(folder, year, month)]);
    const folders = entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((path) => !current.has(path))
      // Deepest first, so that a year folder is empty once its months are gone.
      .sort((a, b) => b.length - a.length);
    for (const path of folders) {
      await rmdir(path).catch((error: NodeJS.ErrnoException) => {
        // Not empty (a younger export, or a file put there by hand), or already gone: leave it.
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST' && error.code !== 'ENOENT') throw error;
      });
    }
    return removed;
  };

  return { root, stage, save, resolve, exportPath, sweepStaging, sweepExports };
};
