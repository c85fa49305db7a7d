/**
 * The part of `archiver` 8 (an ES module without its own types) that the server uses: a zip written as
 * a stream, entries appended from strings, buffers or streams and read in order.
 */
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  export interface ZipArchiveOptions {
    zlib?: { level?: number };
    /** Store entries uncompressed. */
    store?: boolean;
    /** Entry times from the Date's local fields instead of its UTC fields (default false). */
    forceLocalTime?: boolean;
  }

  export interface EntryData {
    name: string;
    date?: Date;
  }

  export class ZipArchive extends Transform {
    constructor(options?: ZipArchiveOptions);
    append(source: string | Buffer | Readable, data: EntryData): this;
    /** Resolves once every entry is read and the zip's end is written to the stream. */
    finalize(): Promise<void>;
    /** Bytes written so far. */
    pointer(): number;
    abort(): this;
  }
}
