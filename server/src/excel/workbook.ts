import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { ZipArchive } from 'archiver';
import {
  columnLetters,
  contentTypesXml,
  escapeXml,
  rootRelsXml,
  sheetHeadXml,
  sheetTailXml,
  STYLE,
  type StyleIndex,
  stylesXml,
  workbookRelsXml,
  workbookXml,
} from './xlsx-parts';
import type { Storage } from '../platform/storage/storage';
import { offsetMinutes } from '../time';

/**
 * The one workbook writer every export uses. Each column says what it
 * holds, and the cell is written as that type: text as strings, money as numbers with two decimals,
 * timestamps and days as real dates (numbers with a date format), so the clerk can sum and sort.
 */

export type ColumnKind = 'text' | 'integer' | 'money' | 'datetime' | 'date';

export interface Column<T> {
  header: string;
  /** Width in characters (a Chinese character counts about two). */
  width: number;
  kind: ColumnKind;
  /**
   * text: any string; integer: a number; money: a number of yuan/dollars (two decimals); datetime: a
   * stored ISO UTC timestamp; date: `YYYY-MM-DD`. Null leaves the cell empty.
   */
  value: (row: T) => string | number | null | undefined;
}

export interface SheetSpec<T> {
  name: string;
  columns: readonly Column<T>[];
  /**
   * The rows, or an async source of batches of rows (database batches), pulled only as fast as the zip
   * writes. Batches, not single rows: an async generator's hand-over costs microseconds per item, which
   * was seconds for an export of 500,000 rows.
   */
  rows: Iterable<T> | AsyncIterable<readonly T[]>;
}

export const MONEY_FORMAT = '#,##0.00';
export const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
export const DATE_FORMAT = 'yyyy-mm-dd';

/** Days between Excel's day 0 (1899-12-30, with its 1900 leap-year quirk) and 1970-01-01. */
const EXCEL_EPOCH_OFFSET_DAYS = 25569;
const MS_PER_DAY = 86_400_000;

/** A stored UTC instant as the Excel serial of its wall-clock time in `timeZone` (Excel dates have no zone). */
export const excelSerialOfInstant = (iso: string, timeZone: string): number => {
  const instant = new Date(iso);
  const localMs = instant.getTime() + offsetMinutes(instant, timeZone) * 60_000;
  return localMs / MS_PER_DAY + EXCEL_EPOCH_OFFSET_DAYS;
};

export const excelSerialOfDay = (day: string): number => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date) / MS_PER_DAY + EXCEL_EPOCH_OFFSET_DAYS;
};

/**
 * Text a spreadsheet could take for a formula (OWASP "CSV injection"): a leading `=`, `+`, `-`, `@`,
 * tab or carriage return. The cell is already a plain string (`t: 's'`, never `f`), which is enough for
 * the file as written; but a clerk who opens such a cell and presses Enter, or saves the sheet as CSV,
 * makes Excel parse it again. So such text also gets a leading apostrophe: Excel's own "this is text"
 * mark, visible to the clerk (an invisible zero-width character would silently change data that is
 * copied out, such as a `+86…` phone number). Only these risky values change; everything else is as is.
 */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;
export const neutraliseFormula = (text: string): string => (FORMULA_TRIGGER.test(text) ? `'${text}` : text);

/**
 * The cell's XML after its reference (`<c r="B2"` comes first), written as its column's kind says;
 * numbers stay numbers for sums and sorts. Empty when the value has no cell form.
 */
const cellTail = (kind: ColumnKind, value: string | number, timeZone: string): string => {
  switch (kind) {
    case 'money':
      return numberTail(Number(value), STYLE.money);
    case 'integer':
      return numberTail(Number(value), STYLE.plain);
    case 'datetime':
      return numberTail(excelSerialOfInstant(String(value), timeZone), STYLE.datetime);
    case 'date':
      return numberTail(excelSerialOfDay(String(value)), STYLE.date);
    case 'text':
      return textTail(neutraliseFormula(String(value)), STYLE.plain);
  }
};

const numberTail = (value: number, style: StyleIndex) =>
  // A number that is not finite has no cell form: leave the cell empty rather than write a broken file.
  Number.isFinite(value) ? `${style ? ` s="${style}"` : ''}><v>${value}</v></c>` : '';

const textTail = (text: string, style: StyleIndex) =>
  ` t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;

const textCell = (ref: string, text: string, style: StyleIndex) => `<c r="${ref}"${textTail(text, style)}`;

/** Rows gathered into one chunk of the sheet's stream: fewer, larger writes into the zip. */
const ROWS_PER_CHUNK = 200;

/**
 * The longest the sheet's XML is built at a stretch before the event loop is let go (issue 9: other
 * clerks' requests wait meanwhile). The stream asks for chunk after chunk in promise callbacks, which
 * never let a waiting request in: up to 16 chunks (3,200 rows, 30-50 ms) ran at a stretch, more for the
 * purchase export's wide rows. Checking the clock once per chunk costs nothing.
 */
const SLICE_MS = 8;

/**
 * The sheet's XML as it is produced, chunk by chunk: rows come from the (possibly async) source as the
 * zip asks for more, so memory holds one chunk and the database batch behind it, not the sheet.
 */
async function* sheetXml<T>(spec: SheetSpec<T>, timeZone: string, done: (lastRow: number) => void) {
  const letters = spec.columns.map((_, c) => columnLetters(c));
  yield (
    sheetHeadXml(spec.columns.map((column) => column.width)) +
    `<row r="1">${spec.columns.map((column, c) => textCell(`${letters[c]}1`, column.header, STYLE.header)).join('')}</row>`
  );
  let r = 1;
  const columns = spec.columns;
  const lastValues: (string | number | undefined)[] = columns.map(() => undefined);
  const lastTails: string[] = columns.map(() => '');
  // A chunk's rows as an array joined once: a string grown by `+=` is a rope that Buffer.from has to
  // flatten piece by piece, which was the largest single cost of writing a sheet (1.1 s of 3.5 s for
  // 450,000 rows); one join copies each row once.
  let chunk: string[] = [];
  let sliceStarted = performance.now();
  const batches: Iterable<readonly T[]> | AsyncIterable<readonly T[]> =
    Symbol.asyncIterator in spec.rows ? spec.rows : [[...spec.rows]];
  for await (const batch of batches) {
    for (const row of batch) {
      r += 1;
      let cells = '';
      for (let c = 0; c < columns.length; c += 1) {
        const value = (columns[c] as Column<T>).value(row);
        if (value === null || value === undefined || value === '') continue;
        // A column often repeats the row above (the purchase export writes its contract's eleven cells
        // on each of its vehicles' rows, the pickup export a contract's numbers on each of its
        // vehicles): the cell's XML after its reference is made once for a run of equal values.
        if (value !== lastValues[c]) {
          lastValues[c] = value;
          lastTails[c] = cellTail((columns[c] as Column<T>).kind, value, timeZone);
        }
        if (lastTails[c] !== '') cells += `<c r="${letters[c]}${r}"${lastTails[c]}`;
      }
      chunk.push(`<row r="${r}">${cells}</row>`);
      if (chunk.length === ROWS_PER_CHUNK) {
        yield chunk.join('');
        chunk = [];
        if (performance.now() - sliceStarted > SLICE_MS) {
          await setImmediate();
          sliceStarted = performance.now();
        }
      }
    }
  }
  done(r);
  yield chunk.join('') + sheetTailXml(`A1:${letters.at(-1)}${r}`);
}

/**
 * The .xlsx file's bytes as a stream, sheet by sheet: rows are pulled from each sheet's source as the
 * zip is compressed (zlib, on libuv's thread pool) and read by its consumer, so an export of 50,000
 * contracts neither holds the workbook in memory nor stops the server's other requests for the seconds
 * it takes (issue 9). A source that fails (the database went away) fails the stream with its error.
 */
export const workbookStream = (
  sheets: readonly SheetSpec<never>[] | readonly SheetSpec<unknown>[],
  timeZone: string,
): Readable => {
  // Level 1, zlib's fastest: a sheet's XML is mostly the same markup over and over, which even level 1
  // shrinks about 16 times. Level 6 spent twice the CPU (450,000 pickup rows: 5.9 s instead of 3.0 s
  // on this 2-core machine, where the thread pool's compression competes with the event loop) for a
  // file 13% smaller (16.7 MiB instead of 19.2).
  const archive = new ZipArchive({ zlib: { level: 1 } });
  // Until the consumer listens, a failure must not be an unhandled 'error': the consumer sees the
  // stream destroyed with it.
  archive.on('error', () => undefined);
  const lastRows: number[] = sheets.map(() => 1);
  archive.append(contentTypesXml(sheets.length), { name: '[Content_Types].xml' });
  archive.append(rootRelsXml(), { name: '_rels/.rels' });
  archive.append(workbookRelsXml(sheets.length), { name: 'xl/_rels/workbook.xml.rels' });
  archive.append(stylesXml({ money: MONEY_FORMAT, datetime: DATETIME_FORMAT, date: DATE_FORMAT }), {
    name: 'xl/styles.xml',
  });
  (sheets as readonly SheetSpec<unknown>[]).forEach((spec, i) => {
    const source = Readable.from(
      sheetXml(spec, timeZone, (lastRow) => {
        lastRows[i] = lastRow;
      }),
    );
    // The zip itself would wait for a failed source forever: the failure ends the whole file, as an
    // error (never as an end, which would store half a workbook).
    source.once('error', (error) => archive.destroy(error));
    archive.append(source, { name: `xl/worksheets/sheet${i + 1}.xml` });
  });
  // Appended after the sheets, read by the zip only once they are written: it names each filter's range.
  archive.append(
    Readable.from(
      (async function* () {
        yield workbookXml(
          (sheets as readonly SheetSpec<unknown>[]).map((spec, i) => ({
            name: spec.name,
            filterRef: () => `A1:${columnLetters(spec.columns.length - 1)}${lastRows[i]}`,
          })),
        );
      })(),
    ),
    { name: 'xl/workbook.xml' },
  );
  archive.finalize().catch(() => undefined);
  return archive;
};

/**
 * Writes the workbook under `key`, which must not exist yet: a key that is taken fails without touching
 * what holds it, and a failed source leaves nothing (the store's put is atomic).
 */
export const writeWorkbook = async (
  storage: Pick<Storage, 'put'>,
  key: string,
  sheets: readonly SheetSpec<never>[] | readonly SheetSpec<unknown>[],
  timeZone: string,
): Promise<void> => {
  await storage.put(key, workbookStream(sheets, timeZone), { ifAbsent: true });
};
