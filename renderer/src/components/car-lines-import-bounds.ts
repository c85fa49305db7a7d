/**
 * The row and size bounds of an .xlsx, checked before SheetJS sees it (issue 20): 100KB of .xlsx can hold
 * 400,000 rows, or claim a whole sheet in `<dimension>`, and SheetJS would build all of it. Here the first
 * sheet's XML is read as it unpacks (office-zip.ts) and the file refused 「最多导入 2000 行」 at the first
 * filled row past the window, or when its parts unpack past 16MB. Nothing is kept but the row being read.
 */
import {
  CAR_IMPORT_MAX_UNPACKED_BYTES,
  CAR_IMPORT_SHEET_ROWS,
  CarImportError,
  carImportMessages,
} from './car-lines-import-rules';
import { inflatePart, zipParts, type ZipPart } from './office-zip';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const decoder = new TextDecoder();

/** A part's text, unpacked whole (only for the small workbook and relationship parts); null past 1 MB. */
async function partText(bytes: Uint8Array, part: ZipPart | undefined): Promise<string | null> {
  if (!part) return null;
  const chunks: Uint8Array[] = [];
  const inflated = await inflatePart(bytes, part, 1024 * 1024, (chunk) => chunks.push(chunk.slice()) > 0);
  if (inflated.stopped || inflated.broken) return null;
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
}

/** The first sheet's part, as SheetJS picks it: the first <sheet> of the workbook, through its relationship. */
async function firstSheetPart(bytes: Uint8Array, parts: ZipPart[]): Promise<ZipPart | undefined> {
  const byName = new Map(parts.map((part) => [part.name, part]));
  const rels = await partText(bytes, byName.get('_rels/.rels'));
  const book =
    /Type="[^"]*\/officeDocument"[^>]*Target="\/?([^"]+)"|Target="\/?([^"]+)"[^>]*Type="[^"]*\/officeDocument"/.exec(
      rels ?? '',
    );
  const bookPath = book?.[1] ?? book?.[2] ?? 'xl/workbook.xml';
  const folder = bookPath.includes('/') ? bookPath.slice(0, bookPath.lastIndexOf('/') + 1) : '';
  const workbook = await partText(bytes, byName.get(bookPath));
  const bookRels = await partText(bytes, byName.get(`${folder}_rels/${bookPath.slice(folder.length)}.rels`));
  const id = /<(?:\w+:)?sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook ?? '')?.[1];
  if (!id || !bookRels) return undefined;
  const relation = [...bookRels.matchAll(/<Relationship\b[^>]*>/g)].find((tag) => tag[0].includes(`Id="${id}"`));
  const target = /Target="([^"]+)"/.exec(relation?.[0] ?? '')?.[1];
  if (!target) return undefined;
  return byName.get(target.startsWith('/') ? target.slice(1) : `${folder}${target}`);
}

/** Tags that matter to the row count: a row (with its number, when given) and a cell's value. */
const ROW_OR_VALUE = /<(?:\w+:)?(row|v|is)(?=[\s>/])([^>]*)>/g;

/**
 * Reads a sheet's XML as it unpacks and answers whether a row past `lastRow` (1-based, as Excel numbers
 * them) holds a value, stopping at the first one. Nothing is kept but the row being read.
 */
async function hasValuePast(
  bytes: Uint8Array,
  part: ZipPart,
  lastRow: number,
): Promise<boolean | 'broken' | 'too-big'> {
  const stream = new TextDecoder();
  let carry = '';
  let row = 0;
  let past = false;
  const inflated = await inflatePart(bytes, part, CAR_IMPORT_MAX_UNPACKED_BYTES, (chunk) => {
    const text = carry + stream.decode(chunk, { stream: true });
    // A tag cut by the chunk's end waits for the next chunk.
    const open = text.lastIndexOf('<');
    const whole = open >= 0 && text.indexOf('>', open) < 0 ? open : text.length;
    carry = text.slice(whole);
    for (const [, tag, attributes] of text.slice(0, whole).matchAll(ROW_OR_VALUE)) {
      if (tag === 'row') row = Number(/\br="(\d+)"/.exec(attributes ?? '')?.[1] ?? row + 1);
      else if (row > lastRow) past = true;
      if (past) return false;
    }
    return carry.length < 64 * 1024;
  });
  if (past) return true;
  if (inflated.broken) return 'broken';
  return inflated.stopped ? 'too-big' : false;
}

/**
 * Refuses an .xlsx with a filled row past the window or parts past 16MB unpacked, throwing
 * `CarImportError`; anything that is not a zip (a legacy .xls) passes, SheetJS's `sheetRows` bounds it.
 */
export async function assertXlsxWithinBounds(bytes: Uint8Array): Promise<void> {
  if (!ZIP.every((byte, index) => bytes[index] === byte)) return;
  const parts = zipParts(bytes);
  if (!parts) throw new CarImportError(carImportMessages.unreadable);
  const sheet = await firstSheetPart(bytes, parts);
  if (sheet) {
    const past = await hasValuePast(bytes, sheet, CAR_IMPORT_SHEET_ROWS);
    if (past === true) throw new CarImportError(carImportMessages.tooManyRows);
    if (past === 'broken') throw new CarImportError(carImportMessages.unreadable);
    if (past === 'too-big') throw new CarImportError(carImportMessages.unpackedTooLarge);
  }
  let total = 0;
  for (const part of parts) {
    const inflated = await inflatePart(bytes, part, CAR_IMPORT_MAX_UNPACKED_BYTES - total);
    if (inflated.broken) throw new CarImportError(carImportMessages.unreadable);
    total += inflated.size;
    if (inflated.stopped) throw new CarImportError(carImportMessages.unpackedTooLarge);
  }
}
