/**
 * Reading a clerk's car list from Excel (spec part 1, sections 3 and 5; part 2, section 5): pure, no
 * React, no network. The editor loads this module on demand so that SheetJS stays out of the screens
 * that never import.
 *
 * - The size limit (100KB, the spec's message) is checked on the bytes BEFORE SheetJS sees them.
 * - Rows are bounded too (issue 20): 100KB of .xlsx can hold 400,000 rows, or claim a whole sheet in
 *   `<dimension>`. `readCarWorkbook` first reads the first sheet's XML as it unpacks (office-zip.ts) and
 *   refuses the file 「最多导入 2000 行」 at the first filled row past the window, before SheetJS parses
 *   anything; SheetJS then reads only the window (`sheetRows`) and ignores `<dimension>` (`nodim`).
 * - Only the first sheet is parsed; its header row names the columns 车架号 车型 价格 服务费 其他费用 in
 *   any order, among any other columns.
 * - VINs are trimmed and upper-cased; blank rows are skipped; every other row is kept with its own
 *   reasons, so the preview can show the clerk what is wrong where.
 * - A wrong ISO 3779 check digit is a warning, not a refusal.
 *
 * Keys that come from the file (header texts, VINs) only ever go into `Map`s, never into plain objects,
 * so a crafted workbook cannot reach `Object.prototype` through this code (SheetJS 0.20.3 is safe itself;
 * see DESIGN.md on 0.18.5).
 */
import { read, utils, type WorkBook } from 'xlsx';
import { moneyProblem } from '../../../contract/fields';
import { carMessages } from '../../../contract/vehicle';
import { orderMessages } from '../../../contract/overseas';
import { checkDigitWarning, normalizeVin, vinProblem } from './vin';
import { inflatePart, zipParts, type ZipPart } from './office-zip';

/** The spec's limit (part 1, section 9): under 100KB. */
export const EXCEL_IMPORT_MAX_BYTES = 100 * 1024;

/** The columns read, by their header text in the sheet (spec part 1, section 3). */
export const CAR_IMPORT_COLUMNS = {
  vin: '车架号',
  model: '车型',
  price: '价格',
  invoice: '服务费',
  other: '其他费用',
} as const;
type ColumnKey = keyof typeof CAR_IMPORT_COLUMNS;

/** The model column's limit (the contract's car line). */
const MODEL_MAX_LENGTH = 100;
/** The header is looked for among the first rows: a title line above it is common. */
const HEADER_SEARCH_ROWS = 10;
/** Rows below the header an import takes at most (blank rows between cars count, trailing ones do not). */
export const CAR_IMPORT_MAX_ROWS = 2000;
/** Sheet rows ever read: the header's window, 2,000 rows, and one more to see a 2,001st. */
export const CAR_IMPORT_SHEET_ROWS = HEADER_SEARCH_ROWS + CAR_IMPORT_MAX_ROWS + 1;
/** The parts of an .xlsx (sheet, shared strings, styles…) may unpack to this much in all. */
export const CAR_IMPORT_MAX_UNPACKED_BYTES = 16 * 1024 * 1024;

export const carImportMessages = {
  tooLarge: orderMessages.excelTooLarge,
  tooManyRows: `最多导入 ${CAR_IMPORT_MAX_ROWS} 行`,
  unpackedTooLarge: '该 Excel 文件解压后超过 16MB，内容异常，无法导入',
  unreadable: '无法读取该文件，请选择 Excel 文件（xlsx 或 xls）',
  noSheet: '该文件中没有工作表',
  noHeader: '第一张工作表中没有找到表头“车架号”，请使用列为 车架号 车型 价格 服务费 其他费用 的表格',
  missingColumns: (names: string[]) => `第一张工作表缺少列：${names.join('、')}`,
  noRows: '第一张工作表中没有车辆数据',
  vinDuplicateInFile: (rowNumber: number) => `车架号与第 ${rowNumber} 行重复`,
  vinAlreadyListed: '车架号已在车辆列表中',
  modelRequired: carMessages.modelRequired,
  modelTooLong: `车型车系不能超过${MODEL_MAX_LENGTH}个字`,
  priceRequired: carMessages.priceRequired,
  notANumber: (column: string, text: string) => `${column}“${text}”不是数字`,
  negative: (column: string) => `${column}不能为负数`,
  tooManyDecimals: (column: string) => `${column}最多两位小数`,
  modelFromLookup: '车型取自系统中的车辆',
  existingCar: '系统中已有此车',
} as const;

/** A refusal of the whole file (too large, unreadable, no header). */
export class CarImportError extends Error {
  override readonly name = 'CarImportError';
}

export type RowField = 'vin' | 'model' | 'price' | 'invoice' | 'other';

export interface RowIssue {
  field: RowField;
  message: string;
}

/** One non-blank data row of the sheet, as read and judged. */
export interface ImportedRow {
  /** The row's number in Excel (the header is usually row 1). */
  rowNumber: number;
  /** Trimmed and upper-cased. */
  vin: string;
  model: string;
  /** Numbers when they could be read; otherwise null and an issue says why. */
  price: number | null;
  invoice: number | null;
  other: number | null;
  /** What the cells held, for the preview of a row that could not be read. */
  text: Record<'price' | 'invoice' | 'other', string>;
  /** Reasons the row is refused; empty for a good row. */
  errors: RowIssue[];
  /** Things to check that do not refuse the row (a wrong check digit). */
  warnings: string[];
  /** Facts from the lookup (the car is known, its model came from the system). */
  notes: string[];
  /** The vehicle of this VIN, when the lookup found one. */
  existing?: { id: number; model: string | null };
}

export interface ParsedCarSheet {
  sheetName: string;
  rows: ImportedRow[];
}

export interface ParseOptions {
  /** VINs already in the editor: a row repeating one is refused. */
  listedVins?: Iterable<string>;
  /** An empty price in the words of the side importing (采购价格 on a purchase); 请输入车辆售价 by default. */
  priceRequired?: string;
}

type Cell = string | number | boolean | Date | null | undefined;

const cellText = (cell: Cell): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
};

/** Header texts compared without blanks: `车 架 号` and ` 车架号 ` are the same column. */
const headerKey = (cell: Cell): string => cellText(cell).replace(/\s+/g, '');

type MoneyReading = { value: number } | { issue: string } | { empty: true };

/**
 * An amount from a number or a text like `140,000.50`; refuses words (十四万), and whatever the contract's
 * `moneyProblem` refuses (a negative, a fraction of a cent, over 999,999,999,999.99, a price of 0), in
 * the same words as the form and the server.
 */
function readMoney(cell: Cell, column: string, allowZero: boolean): MoneyReading {
  let amount: number;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return { issue: carImportMessages.notANumber(column, String(cell)) };
    amount = cell;
  } else {
    const text = cellText(cell);
    if (text === '') return { empty: true };
    const plain = text.replace(/[,，\s]/g, '');
    if (!/^-?\d+(\.\d+)?$/.test(plain)) return { issue: carImportMessages.notANumber(column, text) };
    amount = Number(plain);
  }
  const cents = amount * 100;
  // A binary double like 193654.4 is 19365439.999…: a cent's rounding noise is not a third decimal.
  const rounded = Math.abs(cents - Math.round(cents)) > 1e-6 ? amount : Math.round(cents) / 100;
  const problem = moneyProblem(rounded, { label: column, allowZero });
  return problem ? { issue: problem } : { value: rounded };
}

function findHeader(rows: Cell[][]): { index: number; columns: Map<ColumnKey, number> } {
  const wanted = new Map<string, ColumnKey>(
    (Object.entries(CAR_IMPORT_COLUMNS) as Array<[ColumnKey, string]>).map(([key, text]) => [text, key]),
  );
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let index = 0; index < limit; index += 1) {
    const row = rows[index] ?? [];
    const columns = new Map<ColumnKey, number>();
    row.forEach((cell, column) => {
      const key = wanted.get(headerKey(cell));
      // The first column of a name wins, as a clerk reading left to right would expect.
      if (key && !columns.has(key)) columns.set(key, column);
    });
    if (columns.has('vin')) {
      const missing = (['model', 'price'] as const).filter((key) => !columns.has(key));
      if (missing.length > 0) {
        throw new CarImportError(carImportMessages.missingColumns(missing.map((key) => CAR_IMPORT_COLUMNS[key])));
      }
      return { index, columns };
    }
  }
  throw new CarImportError(carImportMessages.noHeader);
}

function readWorkbook(bytes: Uint8Array): WorkBook {
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

  const listed = new Set([...(options.listedVins ?? [])].map(normalizeVin).filter(Boolean));
  const firstSeen = new Map<string, number>();
  const rows: ImportedRow[] = [];

  for (let index = header.index + 1; index < grid.length; index += 1) {
    const cells = grid[index] ?? [];
    const values = (Object.keys(CAR_IMPORT_COLUMNS) as ColumnKey[]).map((key) => cellText(column(cells, key)));
    if (values.every((value) => value === '')) continue;
    if (index - header.index > CAR_IMPORT_MAX_ROWS) throw new CarImportError(carImportMessages.tooManyRows);

    const rowNumber = firstRow + index + 1;
    const errors: RowIssue[] = [];
    const warnings: string[] = [];

    const vin = normalizeVin(cellText(column(cells, 'vin')));
    const vinIssue = vinProblem(vin);
    if (vinIssue) errors.push({ field: 'vin', message: vinIssue });
    if (vin !== '') {
      const earlier = firstSeen.get(vin);
      if (earlier !== undefined) errors.push({ field: 'vin', message: carImportMessages.vinDuplicateInFile(earlier) });
      else firstSeen.set(vin, rowNumber);
      if (listed.has(vin)) errors.push({ field: 'vin', message: carImportMessages.vinAlreadyListed });
    }
    if (!vinIssue) {
      const warning = checkDigitWarning(vin);
      if (warning) warnings.push(warning);
    }

    const model = cellText(column(cells, 'model'));
    if (model === '') errors.push({ field: 'model', message: carImportMessages.modelRequired });
    else if (model.length > MODEL_MAX_LENGTH) errors.push({ field: 'model', message: carImportMessages.modelTooLong });

    const money = (key: 'price' | 'invoice' | 'other'): number | null => {
      // Fees may be 0; a price may not (API.md, money).
      const reading = readMoney(column(cells, key), CAR_IMPORT_COLUMNS[key], key !== 'price');
      if ('value' in reading) return reading.value;
      if ('issue' in reading) {
        errors.push({ field: key, message: reading.issue });
        return null;
      }
      // An empty price is missing; an empty fee is 0 (the spec's default).
      if (key === 'price') {
        errors.push({ field: key, message: options.priceRequired ?? carImportMessages.priceRequired });
        return null;
      }
      return 0;
    };
    const price = money('price');
    const invoice = money('invoice');
    const other = money('other');

    rows.push({
      rowNumber,
      vin,
      model,
      price,
      invoice,
      other,
      text: {
        price: cellText(column(cells, 'price')),
        invoice: cellText(column(cells, 'invoice')),
        other: cellText(column(cells, 'other')),
      },
      errors,
      warnings,
      notes: [],
    });
  }

  if (rows.length === 0) throw new CarImportError(carImportMessages.noRows);
  return { sheetName, rows };
}

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
 * Reads a clerk's Excel file for import, bounded by rows (issue 20): an .xlsx is measured and its first
 * sheet read as it unpacks, refused at the first filled row past the window (「最多导入 2000 行」) or past
 * 16MB unpacked, before SheetJS parses it; then `parseCarWorkbook`. Throws `CarImportError` for a file
 * refused as a whole.
 */
export async function readCarWorkbook(bytes: Uint8Array, options: ParseOptions = {}): Promise<ParsedCarSheet> {
  if (bytes.byteLength > EXCEL_IMPORT_MAX_BYTES) throw new CarImportError(carImportMessages.tooLarge);
  if (ZIP.every((byte, index) => bytes[index] === byte)) {
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
  return parseCarWorkbook(bytes, options);
}

/** The VINs worth asking the server about: well-formed, first in the file, not yet in the editor. */
export function vinsToLookUp(rows: readonly ImportedRow[]): string[] {
  return rows.filter((row) => !row.errors.some((issue) => issue.field === 'vin')).map((row) => row.vin);
}

/**
 * Adds what the lookup answered: the row's vehicle is known, and a row without a model takes the
 * known vehicle's model (it only fills; a model typed in the file is kept).
 */
export function applyLookup(
  rows: readonly ImportedRow[],
  found: ReadonlyMap<string, { id: number; model: string | null }>,
): ImportedRow[] {
  return rows.map((row) => {
    const vehicle = found.get(row.vin);
    if (!vehicle) return row;
    const knownModel = vehicle.model?.trim() ?? '';
    const fillModel = row.model === '' && knownModel !== '';
    return {
      ...row,
      existing: vehicle,
      model: fillModel ? knownModel : row.model,
      errors: fillModel ? row.errors.filter((issue) => issue.field !== 'model') : row.errors,
      notes: [carImportMessages.existingCar, ...(fillModel ? [carImportMessages.modelFromLookup] : [])],
    };
  });
}

/** A lookup answer (`{ found: { VIN: … } }`) as a Map, reading only the answer's own keys. */
export function foundVehicles(
  answers: ReadonlyArray<{ found: Record<string, { id: number; model: string | null }> } | undefined>,
): Map<string, { id: number; model: string | null }> {
  const vehicles = new Map<string, { id: number; model: string | null }>();
  for (const answer of answers) {
    const found = answer?.found;
    if (!found || typeof found !== 'object') continue;
    for (const vin of Object.keys(found)) {
      const vehicle = found[vin];
      if (vehicle && typeof vehicle.id === 'number') {
        vehicles.set(normalizeVin(vin), { id: vehicle.id, model: vehicle.model ?? null });
      }
    }
  }
  return vehicles;
}
