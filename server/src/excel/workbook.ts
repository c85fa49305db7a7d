import { type CellObject, utils, type WorkBook, type WorkSheet, write } from 'xlsx';
import { offsetMinutes } from '../time';

/**
 * The one workbook writer every export uses (DESIGN.md: `xlsx` in the server). Each column says what it
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
  rows: Iterable<T>;
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

const cellOf = (kind: ColumnKind, value: string | number, timeZone: string): CellObject => {
  switch (kind) {
    case 'money':
      return { t: 'n', v: Number(value), z: MONEY_FORMAT };
    case 'integer':
      return { t: 'n', v: Number(value) };
    case 'datetime':
      return { t: 'n', v: excelSerialOfInstant(String(value), timeZone), z: DATETIME_FORMAT };
    case 'date':
      return { t: 'n', v: excelSerialOfDay(String(value)), z: DATE_FORMAT };
    case 'text':
      return { t: 's', v: neutraliseFormula(String(value)) };
  }
};

export const buildSheet = <T>(spec: SheetSpec<T>, timeZone: string): WorkSheet => {
  const sheet: WorkSheet = {};
  spec.columns.forEach((column, c) => {
    sheet[utils.encode_cell({ r: 0, c })] = { t: 's', v: column.header };
  });
  let r = 0;
  for (const row of spec.rows) {
    r += 1;
    spec.columns.forEach((column, c) => {
      const value = column.value(row);
      if (value === null || value === undefined || value === '') return;
      sheet[utils.encode_cell({ r, c })] = cellOf(column.kind, value, timeZone);
    });
  }
  sheet['!ref'] = utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(r, 0), c: spec.columns.length - 1 } });
  sheet['!cols'] = spec.columns.map((column) => ({ wch: column.width }));
  // The header row filters, as clerks expect of a list export.
  sheet['!autofilter'] = { ref: utils.encode_range({ s: { r: 0, c: 0 }, e: { r, c: spec.columns.length - 1 } }) };
  return sheet;
};

export interface BuiltSheet {
  name: string;
  sheet: WorkSheet;
}

export const sheetOf = <T>(spec: SheetSpec<T>, timeZone: string): BuiltSheet => ({
  name: spec.name,
  sheet: buildSheet(spec, timeZone),
});

/** The .xlsx bytes of the sheets, in order. */
export const writeWorkbook = (sheets: readonly BuiltSheet[]): Buffer => {
  const workbook: WorkBook = utils.book_new();
  for (const { name, sheet } of sheets) utils.book_append_sheet(workbook, sheet, name);
  return write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
};
