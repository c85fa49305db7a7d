import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, lutimes, mkdir, open, readdir, realpath, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { join, relative, resolve as resolvePath, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type ByteRange,
  ObjectExists,
  type ObjectStore,
  type PutOptions,
  type PutResult,
  type StoredObject,
} from './object-store';

/**
 * The object store on one disk folder (STORAGE_DIR): the only code that turns a key into a path. Two
 * servers of one office may share the folder: every write goes to a fresh temporary file and is renamed
 * into place, and nothing here is remembered between calls.
 */

/** Temporary files of writes in progress; the staging sweep removes those a stop left behind. */
const TEMP_DIR = '.staging';
const MAX_SEGMENT_LENGTH = 128;
const MAX_SEGMENTS = 8;

const isSafeSegment = (segment: string) =>
  segment.length > 0 &&
  segment.length <= MAX_SEGMENT_LENGTH &&
  segment !== '.' &&
  segment !== '..' &&
  // eslint-disable-next-line no-control-regex
  !/[\\/:\u0000-\u001f\u007f]/.test(segment);

const isInside = (root: string, candidate: string) => candidate.startsWith(root.endsWith(sep) ? root : root + sep);

const missing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENAMETOOLONG';
};

const removeQuietly = async (path: string) => {
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
};

const chunksOf = (source: Uint8Array | AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> =>
  source instanceof Uint8Array
    ? (async function* () {
        yield source;
      })()
    : source;

export const createDiskStore = (storageDir: string): ObjectStore => {
  const root = resolvePath(storageDir);

  /** The path of a key, refused (thrown) unless every segment is an ordinary name inside the folder. */
  const pathOf = (key: string): string => {
    const segments = key.split('/');
    if (segments.length > MAX_SEGMENTS || !segments.every(isSafeSegment)) {
      throw new Error(`storage: invalid key ${JSON.stringify(key)}`);
    }
    const path = join(root, ...segments);
    if (!isInside(root, path)) throw new Error(`storage: invalid key ${JSON.stringify(key)}`);
    return path;
  };

  /** The real path of an existing file inside the folder (symlinks resolved), or null. */
  const existingFile = async (key: string): Promise<{ path: string; size: number; mtime: Date } | null> => {
    let path: string;
    try {
      path = pathOf(key);
    } catch {
      return null;
    }
    try {
      // Real paths, so that a symlink inside the folder cannot lead outside it.
      const [realRoot, real] = await Promise.all([realpath(root), realpath(path)]);
      if (!isInside(realRoot, real)) return null;
      const info = await stat(real);
      return info.isFile() ? { path: real, size: info.size, mtime: info.mtime } : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  };

  /**
   * Moves a finished temporary file into place, making its folder (again, if a prune just took it).
   * `ifAbsent`: a hard link, which fails when the name is taken (a rename would replace it).
   */
  const place = async (from: string, to: string, ifAbsent = false) => {
    for (let attempt = 0; ; attempt += 1) {
      await mkdir(join(to, '..'), { recursive: true });
      try {
        if (!ifAbsent) {
          await rename(from, to);
          return;
        }
        await link(from, to);
        await removeQuietly(from);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error;
      }
    }
  };

  const put = async (
    key: string,
    source: Uint8Array | AsyncIterable<Uint8Array>,
    options: PutOptions = {},
  ): Promise<PutResult> => {
    const target = pathOf(key);
    const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    const folder = join(root, TEMP_DIR);
    await mkdir(folder, { recursive: true });
    const temp = join(folder, `${randomBytes(16).toString('hex')}.part`);
    let size = 0;
    let exceeded = false;
    // 'wx': a temporary name is never reused, and an existing file or symlink is never written through.
    const output = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(
        chunksOf(source),
        async function* (chunks: AsyncIterable<Uint8Array>) {
          for await (const chunk of chunks) {
            size += chunk.byteLength;
            if (size > maxBytes) exceeded = true;
            // Past the limit, keep reading to the end so that the client's request is consumed and it
            // hears our answer, but stop writing: the object is refused anyway.
            if (!exceeded) yield chunk;
          }
        },
        output,
      );
      if (exceeded) await removeQuietly(temp);
      else await place(temp, target, options.ifAbsent);
    } catch (error) {
      // The file may still be opening when the source fails: remove it only once the stream has let go,
      // or the late open would leave it behind.
      if (!output.closed) await new Promise<void>((resolve) => output.once('close', () => resolve()));
      await removeQuietly(temp);
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExists(key);
      throw error;
    }
    return { size, exceeded };
  };

  const openObject = async (key: string, range?: ByteRange): Promise<Readable | null> => {
    const file = await existingFile(key);
    if (!file) return null;
    // The handle is opened before answering: a file removed meanwhile is "none", not a failing stream.
    const handle = await open(file.path, 'r').catch((error: unknown) => {
      if (missing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    return handle.createReadStream({ start: range?.start, end: range?.end, autoClose: true });
  };

  const statObject = async (key: string): Promise<StoredObject | null> => {
    const file = await existingFile(key);
    return file && { key, size: file.size, modifiedAt: file.mtime };
  };

  const remove = async (key: string) => {
    // unlink removes a symlink itself, never what it points to.
    await removeQuietly(pathOf(key));
  };

  /** Regular files only: symlinks are neither listed nor followed. */
  async function* list(prefix: string): AsyncIterable<StoredObject> {
    const folder = prefix.replace(/\/+$/, '');
    const base = folder === '' ? root : pathOf(folder);
    const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (missing(error)) return [];
        throw error;
      },
    );
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      // A file removed meanwhile (by a sweep of another server) is not listed.
      const info = await stat(path).catch(() => null);
      if (!info) continue;
      yield { key: relative(root, path).split(sep).join('/'), size: info.size, modifiedAt: info.mtime };
    }
  }

  const move = async (from: string, to: string) => {
    await place(pathOf(from), pathOf(to));
  };

  const touch = async (key: string) => {
    const now = new Date();
    try {
      // lutimes: a symlink's own time, never its target's.
      await lutimes(pathOf(key), now, now);
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  };

  const pruneFolders = async (prefix: string, keep: ReadonlySet<string>) => {
    const base = pathOf(prefix.replace(/\/+$/, ''));
    const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (missing(error)) return [];
        throw error;
      },
    );
    const kept = new Set([...keep].map((key) => pathOf(key)));
    const folders = entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((path) => !kept.has(path))
      // Deepest first, so that a year folder is empty once its months are gone.
      .sort((a, b) => b.length - a.length);
    for (const path of folders) {
      await rmdir(path).catch((error: NodeJS.ErrnoException) => {
        // Not empty (a younger file, or one put there by hand), or already gone: leave it.
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST' && error.code !== 'ENOENT') throw error;
      });
    }
  };

  return { put, open: openObject, stat: statObject, remove, list, move, touch, pruneFolders };
};
