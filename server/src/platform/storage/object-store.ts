import type { Readable } from 'node:stream';

/**
 * The five things stored files need from wherever their bytes live, and nothing about where that is:
 * keys in, streams and metadata out. The disk implementation (disk-store.ts) is the default; an
 * S3-compatible one would fill in the same interface (docs/storage.md). No caller above this folder
 * ever sees a disk path.
 *
 * A key is a `/`-separated relative name (`contract/2026/11/<random>.pdf`, `.staging/<random>`); the
 * store refuses keys with empty, `.`/`..`, separator or control-character segments.
 */

/** What a store knows of an object. */
export interface StoredObject {
  key: string;
  size: number;
  /** When its bytes were last written (or the object was last touched). */
  modifiedAt: Date;
}

export interface PutOptions {
  /**
   * Bytes past this are counted but not kept: the source is still read to its end (so that an HTTP
   * client hears the answer), and nothing is stored (`exceeded`).
   */
  maxBytes?: number;
  /** Write only if no object has the key yet; otherwise fail with `ObjectExists` (disk: link; S3: If-None-Match). */
  ifAbsent?: boolean;
}

/** A put with `ifAbsent` found the key taken: the object there is left as it was. */
export class ObjectExists extends Error {
  constructor(readonly key: string) {
    super(`storage: ${key} already exists`);
    this.name = 'ObjectExists';
  }
}

export interface PutResult {
  /** Bytes the source delivered, counted to its end even past `maxBytes`. */
  size: number;
  /** True when the source was larger than `maxBytes`; nothing was stored then. */
  exceeded: boolean;
}

/** Bytes `start` to `end` inclusive (as HTTP ranges count); `end` left out: to the object's end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface ObjectStore {
  /**
   * Writes the source under `key`, atomically: readers see the whole object or none (a failed or
   * oversized source leaves nothing). An existing object under the key is replaced.
   */
  put(key: string, source: Uint8Array | AsyncIterable<Uint8Array>, options?: PutOptions): Promise<PutResult>;
  /** The object's bytes as a stream (a range of them if asked), or null when there is none. */
  open(key: string, range?: ByteRange): Promise<Readable | null>;
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object; nothing happens when it is not there. */
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder such as `exports/`), in no particular order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Gives an object a new key (disk: a rename; S3: copy, then delete). */
  move(from: string, to: string): Promise<void>;
  /** Sets the object's time to now so that an age-based sweep keeps it; false when it is not there. */
  touch(key: string): Promise<boolean>;
  /**
   * Housekeeping for stores with folders: removes the folders under `prefix` left empty, except `keep`
   * (keys of folders). Stores without folders (S3) leave it out.
   */
  pruneFolders?(prefix: string, keep: ReadonlySet<string>): Promise<void>;
}
