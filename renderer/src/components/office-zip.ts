/**
 * Word and Excel files (.docx, .xlsx) are zip archives whose parts can unpack to far more than the file
 * weighs (issue 20). Before a library unpacks one whole (docx-preview, SheetJS), the renderer measures it
 * here: the parts are found from the zip's central directory and inflated by the browser's own
 * DecompressionStream, counting and throwing away what comes out, and stopping as soon as a bound is
 * passed. The sizes the zip declares are never believed, and parts whose bytes overlap are refused.
 */

export interface ZipPart {
  name: string;
  method: number;
  /** Where the part's packed bytes start in the file, and how many there are. */
  start: number;
  packed: number;
}

const STORED = 0;
const DEFLATED = 8;
const MAX_32 = 0xffffffff;
/** Slices fed to the inflater: a slice of deflate unpacks to at most ~1000 times itself (8 MB). */
const SLICE_BYTES = 8 * 1024;

const u16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;

/**
 * The parts of a zip, or null when it is not one this check can read (zip64, encrypted, unknown
 * compression, parts outside the file or overlapping): such a file is not shown or imported.
 */
export function zipParts(bytes: Uint8Array): ZipPart[] | null {
  if (bytes.length < 22) return null;
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (u32(bytes, at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const directorySize = u32(bytes, end + 12);
  const directoryStart = u32(bytes, end + 16);
  if (directoryStart === MAX_32 || directoryStart + directorySize > end) return null;
  const parts: Array<ZipPart & { header: number }> = [];
  const decoder = new TextDecoder();
  for (let at = directoryStart; at < directoryStart + directorySize;) {
    if (at + 46 > end || u32(bytes, at) !== 0x02014b50) return null;
    const flags = u16(bytes, at + 8);
    const method = u16(bytes, at + 10);
    const packed = u32(bytes, at + 20);
    const nameLength = u16(bytes, at + 28);
    const header = u32(bytes, at + 42);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    if (flags & 1 || (method !== STORED && method !== DEFLATED) || packed === MAX_32) return null;
    if (header + 30 > directoryStart || u32(bytes, header) !== 0x04034b50) return null;
    const start = header + 30 + u16(bytes, header + 26) + u16(bytes, header + 28);
    if (start + packed > directoryStart) return null;
    parts.push({ name, method, start, packed, header });
  }
  const inFileOrder = [...parts].sort((a, b) => a.header - b.header);
  for (let index = 1; index < inFileOrder.length; index += 1) {
    const previous = inFileOrder[index - 1]!;
    if (inFileOrder[index]!.header < previous.start + previous.packed) return null;
  }
  return parts.map(({ name, method, start, packed }) => ({ name, method, start, packed }));
}

export interface Inflated {
  /** Bytes that came out before stopping. */
  size: number;
  /** True when `limit` was passed or `onChunk` asked to stop: the part was not read to its end. */
  stopped: boolean;
  /** The packed bytes were not valid deflate. */
  broken: boolean;
}

/**
 * Inflates one part, handing each piece to `onChunk` (which may answer false to stop), and stops once
 * more than `limit` bytes have come out. Nothing is kept here.
 */
export async function inflatePart(
  bytes: Uint8Array,
  part: ZipPart,
  limit: number,
  onChunk?: (chunk: Uint8Array) => boolean,
): Promise<Inflated> {
  const packed = bytes.subarray(part.start, part.start + part.packed);
  if (part.method === STORED) {
    const stopped = packed.length > limit || (onChunk ? !onChunk(packed) : false);
    return { size: packed.length, stopped, broken: false };
  }
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let size = 0;
  let stopped = false;
  let broken = false;
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        size += value.length;
        if (size > limit || (onChunk && !onChunk(value))) {
          stopped = true;
          await reader.cancel();
          return;
        }
      }
    } catch {
      broken = true;
    }
  })();
  try {
    for (let at = 0; at < packed.length && !stopped && !broken; at += SLICE_BYTES) {
      await writer.write(packed.slice(at, at + SLICE_BYTES));
    }
    if (!stopped && !broken) await writer.close();
  } catch {
    // The reading side stopped (a bound passed) or the data was not deflate: said by the flags.
    if (!stopped) broken = true;
  }
  await reading;
  return { size, stopped, broken: broken && !stopped };
}

export type UnpackedVerdict = 'within' | 'over' | 'unreadable';

/**
 * Whether the parts matching `counts` (all parts by default) unpack to at most `limit` bytes together.
 * A file that is not a readable zip answers 'unreadable'.
 */
export async function unpackedWithin(
  bytes: Uint8Array,
  limit: number,
  counts: (name: string) => boolean = () => true,
): Promise<UnpackedVerdict> {
  const parts = zipParts(bytes);
  if (!parts) return 'unreadable';
  let total = 0;
  for (const part of parts) {
    if (!counts(part.name) || part.packed === 0) continue;
    const inflated = await inflatePart(bytes, part, limit - total);
    if (inflated.broken) return 'unreadable';
    total += inflated.size;
    if (inflated.stopped || total > limit) return 'over';
  }
  return 'within';
}
