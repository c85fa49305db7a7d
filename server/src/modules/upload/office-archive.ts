import { createInflateRaw } from 'node:zlib';
import { uploadMessages } from '../../../../contract/upload';
import { type ByteSource, readAll } from '../../platform/storage/storage';

/**
 * Word and Excel files (.docx, .xlsx) are zip archives, and a small one can unpack to gigabytes (issue
 * 20: a 1.2 MB .docx whose document.xml unpacks to 408 MB). Anything that opens it later (the viewer,
 * a clerk's Word) pays that price, so the upload measures it first.
 *
 * The sizes a zip declares are the attacker's words, so none is believed: every part is inflated here,
 * its output counted and thrown away, and inflating stops as soon as a bound is passed. Only the
 * compressed sizes are taken from the central directory, and only after checking that the parts'
 * bytes lie inside the file and do not overlap (overlapping parts are the classic way to unpack the
 * same bytes many times).
 */

const MB = 1024 * 1024;
/** All parts together may unpack to this much. */
export const OFFICE_UNPACKED_MAX_BYTES = 100 * MB;
/** A part unpacking past PART_RATIO_FROM_BYTES may be at most this many times its packed size. */
export const OFFICE_PART_MAX_RATIO = 100;
export const OFFICE_PART_RATIO_FROM_BYTES = 1 * MB;
/** Real Office files have tens to a few hundred parts; more is a file built to make us work. */
export const OFFICE_MAX_PARTS = 10_000;

const OFFICE_EXTENSIONS = new Set(['docx', 'xlsx']);

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const MAX_32 = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x0001;

interface Part {
  name: string;
  method: number;
  /** Where the part's packed bytes start and how many there are. */
  start: number;
  packed: number;
  /** Where its local header starts (for the overlap check). */
  header: number;
}

class BrokenArchive extends Error {}
class TooManyParts extends Error {}
const broken = (why: string) => new BrokenArchive(why);

/** The end-of-central-directory record: within the last 64 kB + 22 bytes (its comment is at most 64 kB). */
const findEndRecord = (zip: Buffer): number => {
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= lowest; at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw broken('no end of central directory');
};

/** Where the central directory starts and how long it is (zip64 when the classic record says 0xFFFFFFFF). */
const centralDirectory = (zip: Buffer): { offset: number; size: number } => {
  const end = findEndRecord(zip);
  let size = zip.readUInt32LE(end + 12);
  let offset = zip.readUInt32LE(end + 16);
  if ((size === MAX_32 || offset === MAX_32) && end >= 20 && zip.readUInt32LE(end - 20) === ZIP64_END_LOCATOR) {
    const record = Number(zip.readBigUInt64LE(end - 20 + 8));
    if (record + 56 > zip.length || zip.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY) {
      throw broken('bad zip64 end record');
    }
    size = Number(zip.readBigUInt64LE(record + 40));
    offset = Number(zip.readBigUInt64LE(record + 48));
  }
  if (offset + size > zip.length) throw broken('central directory outside the file');
  return { offset, size };
};

/** The zip64 extra field's values, in their fixed order, for the fields the entry set to 0xFFFFFFFF. */
const zip64Values = (extra: Buffer, wanted: { packed: boolean; header: boolean; unpacked: boolean }) => {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw broken('short zip64 field');
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (wanted.unpacked) next();
      const packed = wanted.packed ? next() : undefined;
      const header = wanted.header ? next() : undefined;
      return { packed, header };
    }
    at += 4 + length;
  }
  throw broken('missing zip64 field');
};

/** The archive's parts from its central directory, each checked to lie inside the file, none overlapping. */
const partsOf = (zip: Buffer): Part[] => {
  const directory = centralDirectory(zip);
  const parts: Part[] = [];
  const directoryEnd = directory.offset + directory.size;
  for (let at = directory.offset; at < directoryEnd;) {
    if (at + 46 > directoryEnd || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw broken('bad directory entry');
    if (parts.length >= OFFICE_MAX_PARTS) throw new TooManyParts();
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    let packed = zip.readUInt32LE(at + 20);
    const unpacked = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    let header = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (packed === MAX_32 || header === MAX_32) {
      const extra = zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
      const values = zip64Values(extra, {
        unpacked: unpacked === MAX_32,
        packed: packed === MAX_32,
        header: header === MAX_32,
      });
      packed = values.packed ?? packed;
      header = values.header ?? header;
    }
    at += 46 + nameLength + extraLength + commentLength;

    if (flags & ENCRYPTED_FLAG) throw broken('encrypted part');
    if (method !== STORED && method !== DEFLATED) throw broken('unknown compression');
    if (header + 30 > directory.offset || zip.readUInt32LE(header) !== LOCAL_HEADER) throw broken('bad local header');
    const start = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
    if (start + packed > directory.offset) throw broken('part outside the file');
    parts.push({ name, method, start, packed, header });
  }
  // Each part's local header must start after the previous part's bytes end.
  const inFileOrder = [...parts].sort((a, b) => a.header - b.header);
  for (let index = 1; index < inFileOrder.length; index += 1) {
    const previous = inFileOrder[index - 1]!;
    if (inFileOrder[index]!.header < previous.start + previous.packed) throw broken('overlapping parts');
  }
  return parts;
};

/**
 * Inflates `packed` and counts what comes out, stopping (and answering `over`) as soon as more than
 * `limit` bytes have come. Nothing is kept.
 */
const inflatedSize = (packed: Buffer, limit: number): Promise<{ size: number; over: boolean }> =>
  new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let size = 0;
    let settled = false;
    const settle = (answer: { size: number; over: boolean } | Error) => {
      if (settled) return;
      settled = true;
      if (answer instanceof Error) reject(broken(answer.message));
      else resolve(answer);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        settle({ size, over: true });
        inflate.destroy();
      }
    });
    inflate.on('end', () => settle({ size, over: false }));
    inflate.on('error', (error) => settle(error));
    inflate.end(packed);
  });

/**
 * What is wrong with a .docx or .xlsx as an archive, in the clerk's words, or null when it is within
 * bounds (and for every other type). A part over 1 MB unpacked at more than 100 times its packed size,
 * or all parts together past 100 MB, refuse the file; so does an archive that cannot be read.
 */
export const officeArchiveProblem = async (file: ByteSource, ext: string): Promise<string | null> => {
  if (!OFFICE_EXTENSIONS.has(ext)) return null;
  // At most the slot's limit (20 MB): read whole, the parts are inflated one at a time.
  const zip = await readAll(file);
  let parts: Part[];
  try {
    parts = partsOf(zip);
  } catch (error) {
    if (error instanceof TooManyParts) return uploadMessages.archiveTooManyParts;
    if (error instanceof BrokenArchive || error instanceof RangeError) return uploadMessages.archiveBroken;
    throw error;
  }
  let total = 0;
  for (const part of parts) {
    const packed = zip.subarray(part.start, part.start + part.packed);
    let size: number;
    const remaining = OFFICE_UNPACKED_MAX_BYTES - total;
    const ratioLimit = Math.max(OFFICE_PART_RATIO_FROM_BYTES, part.packed * OFFICE_PART_MAX_RATIO);
    if (part.method === STORED) {
      size = part.packed;
    } else if (part.packed === 0) {
      // A directory entry, or an empty part.
      size = 0;
    } else {
      try {
        ({ size } = await inflatedSize(packed, Math.min(remaining, ratioLimit)));
      } catch (error) {
        if (error instanceof BrokenArchive) return uploadMessages.archiveBroken;
        throw error;
      }
    }
    // Stopped at the smaller bound: past the ratio's, the part is a bomb; past the total's, the file is.
    if (size > ratioLimit) return uploadMessages.archiveRatio;
    total += size;
    if (total > OFFICE_UNPACKED_MAX_BYTES) return uploadMessages.archiveTooLarge;
  }
  return null;
};
