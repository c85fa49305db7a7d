/**
 * Reading a clerk's car list from Excel (spec part 1, sections 3 and 5; part 2, section 5): the SheetJS
 * side, pure, no React, no network. The editor loads this module on demand so that SheetJS stays out of
 * the screens that never import; what a row must be lives in car-lines-import-rules.ts, the bounds checked
 * before SheetJS in car-lines-import-bounds.ts.
 *
 * - The size limit (100KB, the spec's message) is checked on the bytes BEFORE SheetJS sees them.
 * - Rows are bounded too (issue 20): SheetJS reads only the window (`sheetRows`) and ignores `<dimension>`
 *   (`nodim`), after car-lines-import-bounds.ts has refused an .xlsx with more.
 * - Only the first sheet is parsed; its header row names the columns 车架号 车型 价格 服务费 其他费用 in
 *   any order, among any other columns.
 * - Blank rows are skipped; every other row is kept with its own reasons.
 *
 * Keys that come from the file (header texts, VINs) only ever go into `Map`s, never into plain objects,
 * so a crafted workbook cannot reach `Object.prototype` through this code (SheetJS 0.20.3 is safe itself;
 * see DESIGN.md on 0.18.5).
 */
import { read, utils, type WorkBook } from 'xlsx';
import { assertXlsxWithinBounds } from './car-lines-import-bounds';
import {
  CAR_IMPORT_COLUMNS,
  CAR_IMPORT_MAX_ROWS,
  CAR_IMPORT_SHEET_ROWS,
  CarImportError,
  carImportMessages,
  cellText,
  EXCEL_IMPORT_MAX_BYTES,
  HEADER_SEARCH_ROWS,
  judgeRow,
  type Cell,
  type ColumnKey,
  type ImportedRow,
  type ParsedCarSheet,
  type ParseOptions,
} from './car-lines-import-rules';
import { normalizeVin } from './vin';

/** Header texts compared without blanks: `车 架 号` and ` 车架号 ` are the same column. */
const headerKey = (cell: Cell): string => cellText(cell).replace(/\s+/g, '');

function findHeader(rows: Cell[][]): { index: number; columns: Map<ColumnKey, number> } {
  const wanted = new Map<string, ColumnKey>(
    (Object.entries(CAR_IMPORT_COLUMNS) as Array<[ColumnKey, string]>).map(([key, text]) => [text, key]),
  );
  const namesOf = (row: Cell[] | undefined, columns: Map<ColumnKey, number>) =>
    (row ?? []).forEach((cell, column) => {
      const key = wanted.get(headerKey(cell));
      // The first column of a name wins, as a clerk reading left to right would expect.
      if (key && !columns.has(key)) columns.set(key, column);
    });
  const missingOf = (columns: Map<ColumnKey, number>) =>
    (['model', 'price'] as const).filter((key) => !columns.has(key));
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let index = 0; index < limit; index += 1) {
    const columns = new Map<ColumnKey, number>();
    namesOf(rows[index], columns);
    if (!columns.has('vin')) continue;
    if (missingOf(columns).length === 0) return { index, columns };
    // A header of two rows: 车架号 and 车型 merged over both, 价格 服务费 其他费用 under a merged 费用. A
    // merged cell's text is in its first row only, so the second row names the rest.
    const twoRows = new Map(columns);
    namesOf(rows[index + 1], twoRows);
    if (missingOf(twoRows).length === 0) return { index: index + 1, columns: twoRows };
    const missing = missingOf(columns);
    throw new CarImportError(carImportMessages.missingColumns(missing.map((key) => CAR_IMPORT_COLUMNS[key])));
  }
  throw new CarImportError(carImportMessages.noHeader);
}

/** An .xlsx is a zip (`PK\x03\x04`), an .xls a compound file (`D0 CF 11 E0 A1 B1 1A E1`). */
const WORKBOOK_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
];

/**
 * Whether the bytes are an Excel workbook by their content, whatever the file's name: SheetJS would
 * also read a CSV renamed to .xlsx (in UTF-8, GBK or with a BOM) and say 没有找到表头 or import its
 * garbled text; the clerk needs to hear that the file is not a workbook.
 */
const isWorkbook = (bytes: Uint8Array): boolean =>
  WORKBOOK_SIGNATURES.some((signature) => signature.every((byte, index) => bytes[index] === byte));

function readWorkbook(bytes: Uint8Array): WorkBook {
  if (!isWorkbook(bytes)) throw new CarImportError(carImportMessages.unreadable);
  try {
    // Only the first sheet, values only: no formulas, styles, HTML or macros are needed.
    return read(bytes, {
      type: 'array',
      sheets: 0,
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      // The window only, and the rows that exist rather than what <dimension> claims.
      sheetRows: CAR_IMPORT_SHEET_ROWS,
      nodim: true,
    });
  } catch {
    throw new CarImportError(carImportMessages.unreadable);
  }
}

/**
 * Reads the first sheet of an Excel file into judged rows. Throws `CarImportError` for a file refused
 * as a whole; never throws for a bad row (the row carries its reasons).
 */
export function parseCarWorkbook(bytes: Uint8Array, options: ParseOptions = {}): ParsedCarSheet {
  if (bytes.byteLength > EXCEL_IMPORT_MAX_BYTES) throw new CarImportError(carImportMessages.tooLarge);

  const workbook = readWorkbook(bytes);
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (sheetName === undefined || !sheet) throw new CarImportError(carImportMessages.noSheet);

  // A legacy .xls cut by `sheetRows` goes on past the window (its dimension says so): more than 2,000 rows.
  if (sheet['!fullref'] && utils.decode_range(sheet['!fullref']).e.r >= CAR_IMPORT_SHEET_ROWS) {
    throw new CarImportError(carImportMessages.tooManyRows);
  }
  const grid = utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  const firstRow = sheet['!ref'] ? utils.decode_range(sheet['!ref']).s.r : 0;
  const header = findHeader(grid);
  const column = (row: Cell[], key: ColumnKey): Cell => {
    const index = header.columns.get(key);
    return index === undefined ? null : row[index];
  };

  const context = {
    listed: new Set([...(options.listedVins ?? [])].map(normalizeVin).filter(Boolean)),
    firstSeen: new Map<string, number>(),
    options,
  };
  const rows: ImportedRow[] = [];

  for (let index = header.index + 1; index < grid.length; index += 1) {
    const cells = grid[index] ?? [];
    const values = (Object.keys(CAR_IMPORT_COLUMNS) as ColumnKey[]).map((key) => cellText(column(cells, key)));
    if (values.every((value) => value === '')) continue;
    if (index - header.index > CAR_IMPORT_MAX_ROWS) throw new CarImportError(carImportMessages.tooManyRows);
    rows.push(judgeRow(firstRow + index + 1, (key) => column(cells, key), context));
  }

  if (rows.length === 0) throw new CarImportError(carImportMessages.noRows);
  return { sheetName, rows };
}

/**
 * Reads a clerk's Excel file for import, bounded by rows (issue 20): an .xlsx is measured and its first
 * sheet read as it unpacks, refused at the first filled row past the window (「最多导入 2000 行」) or past
 * 16MB unpacked, before SheetJS parses it; then `parseCarWorkbook`. Throws `CarImportError` for a file
 * refused as a whole.
 */
export async function readCarWorkbook(bytes: Uint8Array, options: ParseOptions = {}): Promise<ParsedCarSheet> {
  if (bytes.byteLength > EXCEL_IMPORT_MAX_BYTES) throw new CarImportError(carImportMessages.tooLarge);
  if (!isWorkbook(bytes)) throw new CarImportError(carImportMessages.unreadable);
  await assertXlsxWithinBounds(bytes);
  return parseCarWorkbook(bytes, options);
}
