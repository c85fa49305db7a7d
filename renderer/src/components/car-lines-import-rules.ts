/**
 * What an imported car row must be (spec part 1, sections 3 and 5; part 2, section 5): the limits, the
 * messages, the row's shape and the judging of one row's cells. Pure and free of SheetJS, so the editor
 * and the preview can use the words and types without loading the Excel reader (car-lines-import.ts).
 *
 * - VINs are trimmed and upper-cased; every row is kept with its own reasons, so the preview can show the
 *   clerk what is wrong where.
 * - A wrong ISO 3779 check digit is a warning, not a refusal.
 */
import { moneyProblem } from '../../../contract/fields';
import { carMessages } from '../../../contract/vehicle';
import { orderMessages } from '../../../contract/overseas-messages';
import { checkDigitWarning, normalizeVin, vinProblem } from './vin';

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
export type ColumnKey = keyof typeof CAR_IMPORT_COLUMNS;

/** The model column's limit (the contract's car line). */
const MODEL_MAX_LENGTH = 100;
/** The header is looked for among the first rows: a title line above it is common. */
export const HEADER_SEARCH_ROWS = 10;
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

/** A cell as SheetJS hands it over with `raw: true`. */
export type Cell = string | number | boolean | Date | null | undefined;

export const cellText = (cell: Cell): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
};

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

/** What judging a row needs to know about the rows around it: VINs in the editor and earlier in the file. */
export interface RowContext {
  /** Normalized VINs already in the editor. */
  listed: ReadonlySet<string>;
  /** VIN → the row number that first held it; `judgeRow` adds the rows it reads. */
  firstSeen: Map<string, number>;
  options: ParseOptions;
}

/** Judges one non-blank sheet row, its cells given by column; never throws (the row carries its reasons). */
export function judgeRow(rowNumber: number, column: (key: ColumnKey) => Cell, context: RowContext): ImportedRow {
  const errors: RowIssue[] = [];
  const warnings: string[] = [];

  const vin = normalizeVin(cellText(column('vin')));
  const vinIssue = vinProblem(vin);
  if (vinIssue) errors.push({ field: 'vin', message: vinIssue });
  if (vin !== '') {
    const earlier = context.firstSeen.get(vin);
    if (earlier !== undefined) errors.push({ field: 'vin', message: carImportMessages.vinDuplicateInFile(earlier) });
    else context.firstSeen.set(vin, rowNumber);
    if (context.listed.has(vin)) errors.push({ field: 'vin', message: carImportMessages.vinAlreadyListed });
  }
  if (!vinIssue) {
    const warning = checkDigitWarning(vin);
    if (warning) warnings.push(warning);
  }

  const model = cellText(column('model'));
  if (model === '') errors.push({ field: 'model', message: carImportMessages.modelRequired });
  else if (model.length > MODEL_MAX_LENGTH) errors.push({ field: 'model', message: carImportMessages.modelTooLong });

  const money = (key: 'price' | 'invoice' | 'other'): number | null => {
    // Fees may be 0; a price may not (API.md, money).
    const reading = readMoney(column(key), CAR_IMPORT_COLUMNS[key], key !== 'price');
    if ('value' in reading) return reading.value;
    if ('issue' in reading) {
      errors.push({ field: key, message: reading.issue });
      return null;
    }
    // An empty price is missing; an empty fee is 0 (the spec's default).
    if (key === 'price') {
      errors.push({ field: key, message: context.options.priceRequired ?? carImportMessages.priceRequired });
      return null;
    }
    return 0;
  };
  const price = money('price');
  const invoice = money('invoice');
  const other = money('other');

  return {
    rowNumber,
    vin,
    model,
    price,
    invoice,
    other,
    text: {
      price: cellText(column('price')),
      invoice: cellText(column('invoice')),
      other: cellText(column('other')),
    },
    errors,
    warnings,
    notes: [],
  };
}
