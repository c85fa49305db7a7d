/**
 * An Excel workbook (.xlsx, or legacy .xls) as a table per sheet, with the sheets' names to switch
 * between when there are several. Read by SheetJS (the same `xlsx` the car import uses), loaded only when
 * a workbook is opened (the dialog imports this file lazily).
 *
 * A big workbook cannot freeze the page: SheetJS stops reading each sheet after SHEET_MAX_ROWS rows
 * (`sheetRows`), only SHEET_MAX_COLUMNS columns are drawn, and a note says how much there is in all.
 * Cells show their formatted text (dates and amounts as Excel shows them) as React text: nothing in a
 * cell is ever taken as markup.
 */
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Alert, Spin, Tabs, Typography } from 'antd';
import { read, utils, type Range, type WorkBook, type WorkSheet } from 'xlsx';
import { fileViewerMessages, SHEET_MAX_COLUMNS, SHEET_MAX_ROWS } from './file-viewer-kind';

export interface SheetViewerProps {
  blob: Blob;
}

export interface SheetGrid {
  name: string;
  /** The first shown row's and column's numbers (0-based), for the row numbers and column letters. */
  firstRow: number;
  firstColumn: number;
  rows: string[][];
  /** Cells holding a number (`row:column` of the grid): right-aligned, as Excel shows them. */
  numbers: Set<string>;
  /** Cells that span others: key `row:column` (of the grid) → spans; covered cells are in `covered`. */
  spans: Map<string, { rowSpan: number; colSpan: number }>;
  covered: Set<string>;
  totalRows: number;
  totalColumns: number;
}

const rangeOf = (ref: string | undefined): Range | undefined => (ref ? utils.decode_range(ref) : undefined);

/** One sheet's shown part as text, with its merged cells. */
export function sheetGrid(name: string, sheet: WorkSheet): SheetGrid {
  const shown = rangeOf(sheet['!ref']);
  // `!fullref` is the sheet's whole range when `sheetRows` cut it.
  const full = rangeOf(sheet['!fullref']) ?? shown;
  if (!shown || !full) {
    return {
      name,
      firstRow: 0,
      firstColumn: 0,
      rows: [],
      numbers: new Set(),
      spans: new Map(),
      covered: new Set(),
      totalRows: 0,
      totalColumns: 0,
    };
  }
  const lastColumn = Math.min(shown.e.c, shown.s.c + SHEET_MAX_COLUMNS - 1);
  const lastRow = Math.min(shown.e.r, shown.s.r + SHEET_MAX_ROWS - 1);
  const window: Range = { s: shown.s, e: { r: lastRow, c: lastColumn } };
  const options = { header: 1, defval: '', blankrows: true, range: window } as const;
  const rows = utils
    .sheet_to_json<unknown[]>(sheet, { ...options, raw: false })
    .map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
  const numbers = new Set<string>();
  utils.sheet_to_json<unknown[]>(sheet, { ...options, raw: true }).forEach((row, rowIndex) =>
    row.forEach((cell, columnIndex) => {
      if (typeof cell === 'number') numbers.add(`${rowIndex}:${columnIndex}`);
    }),
  );
  const spans = new Map<string, { rowSpan: number; colSpan: number }>();
  const covered = new Set<string>();
  for (const merge of sheet['!merges'] ?? []) {
    const top = merge.s.r - window.s.r;
    const left = merge.s.c - window.s.c;
    if (top < 0 || left < 0 || merge.s.r > window.e.r || merge.s.c > window.e.c) continue;
    const bottom = Math.min(merge.e.r, window.e.r) - window.s.r;
    const right = Math.min(merge.e.c, window.e.c) - window.s.c;
    spans.set(`${top}:${left}`, { rowSpan: bottom - top + 1, colSpan: right - left + 1 });
    for (let row = top; row <= bottom; row += 1) {
      for (let column = left; column <= right; column += 1) {
        if (row !== top || column !== left) covered.add(`${row}:${column}`);
      }
    }
  }
  return {
    name,
    firstRow: window.s.r,
    firstColumn: window.s.c,
    rows,
    numbers,
    spans,
    covered,
    totalRows: full.e.r - full.s.r + 1,
    totalColumns: full.e.c - full.s.c + 1,
  };
}

/** The sheets a clerk sees in Excel: hidden ones are left out unless every sheet is hidden. */
export function visibleSheetNames(book: WorkBook): string[] {
  const hidden = new Set(
    (book.Workbook?.Sheets ?? []).filter((sheet) => Boolean(sheet.Hidden)).map((sheet) => sheet.name),
  );
  const visible = book.SheetNames.filter((name) => !hidden.has(name));
  return visible.length > 0 ? visible : book.SheetNames;
}

const cellStyle: CSSProperties = {
  border: '1px solid #e5e5e5',
  padding: '4px 8px',
  whiteSpace: 'pre-wrap',
  verticalAlign: 'top',
  minWidth: 64,
  maxWidth: 320,
  overflowWrap: 'anywhere',
};
const numberStyle: CSSProperties = { ...cellStyle, textAlign: 'right' };
const headStyle: CSSProperties = {
  ...cellStyle,
  position: 'sticky',
  top: 0,
  zIndex: 1,
  background: '#f5f5f5',
  color: '#8c8c8c',
  fontWeight: 'normal',
  textAlign: 'center',
};
const rowNumberStyle: CSSProperties = {
  ...headStyle,
  position: 'sticky',
  left: 0,
  top: 'auto',
  minWidth: 40,
};

function SheetTable({ grid }: { grid: SheetGrid }) {
  const width = grid.rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  if (grid.rows.length === 0 || width === 0) {
    return <Typography.Text type="secondary">{fileViewerMessages.emptySheet}</Typography.Text>;
  }
  const columns = Array.from({ length: width }, (_, index) => utils.encode_col(grid.firstColumn + index));
  return (
    <table aria-label={`工作表 ${grid.name}`} style={{ borderCollapse: 'collapse', fontSize: 13, background: '#fff' }}>
      <thead>
        <tr>
          <th style={{ ...headStyle, left: 0, zIndex: 2 }} aria-label="行号" />
          {columns.map((letter) => (
            <th key={letter} scope="col" style={headStyle}>
              {letter}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {grid.rows.map((row, rowIndex) => (
          <tr key={rowIndex}>
            <th scope="row" style={rowNumberStyle}>
              {grid.firstRow + rowIndex + 1}
            </th>
            {columns.map((letter, columnIndex) => {
              const key = `${rowIndex}:${columnIndex}`;
              if (grid.covered.has(key)) return null;
              const span = grid.spans.get(key);
              return (
                <td
                  key={letter}
                  rowSpan={span?.rowSpan}
                  colSpan={span?.colSpan}
                  style={grid.numbers.has(key) ? numberStyle : cellStyle}
                >
                  {row[columnIndex] ?? ''}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SheetPane({ grid }: { grid: SheetGrid }) {
  const notes = [
    grid.totalRows > SHEET_MAX_ROWS ? fileViewerMessages.sheetRowsCut(grid.totalRows) : null,
    grid.totalColumns > SHEET_MAX_COLUMNS ? fileViewerMessages.sheetColumnsCut(grid.totalColumns) : null,
  ].filter((note): note is string => note !== null);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: '100%' }}>
      {notes.length > 0 && <Alert type="info" showIcon title={notes.join('；')} />}
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto', border: '1px solid #f0f0f0' }}>
        <SheetTable grid={grid} />
      </div>
    </div>
  );
}

type Parsed = { book: WorkBook; names: string[] } | 'failed';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/**
 * Only a real workbook (an .xlsx zip or an .xls OLE file, which is all the upload route stores) is read:
 * SheetJS would otherwise show any bytes as a sheet of text, which a clerk would take for the file.
 */
export const isWorkbookBytes = (bytes: Uint8Array): boolean => startsWith(bytes, ZIP) || startsWith(bytes, OLE);

export function SheetViewer({ blob }: SheetViewerProps) {
  // Kept with the bytes it was read from: other bytes show nothing of the previous workbook.
  const [loaded, setLoaded] = useState<{ blob: Blob; parsed: Parsed } | undefined>(undefined);
  const [chosen, setChosen] = useState<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    blob
      .arrayBuffer()
      .then((buffer) => {
        const bytes = new Uint8Array(buffer);
        if (!isWorkbookBytes(bytes)) throw new Error('not a workbook');
        const book = read(bytes, { type: 'array', sheetRows: SHEET_MAX_ROWS, dense: true });
        if (live) setLoaded({ blob, parsed: { book, names: visibleSheetNames(book) } });
      })
      .catch(() => {
        if (live) setLoaded({ blob, parsed: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [blob]);

  const parsed = loaded?.blob === blob ? loaded.parsed : undefined;
  const workbook = parsed !== undefined && parsed !== 'failed' ? parsed : undefined;
  const active = workbook && chosen !== undefined && workbook.names.includes(chosen) ? chosen : workbook?.names[0];
  const book = workbook?.book;
  const grid = useMemo(() => {
    const sheet = book && active !== undefined ? book.Sheets[active] : undefined;
    return sheet && active !== undefined ? sheetGrid(active, sheet) : undefined;
  }, [book, active]);

  if (parsed === undefined) return <Spin />;
  if (parsed === 'failed' || parsed.names.length === 0) {
    return <Typography.Text type="danger">{fileViewerMessages.unreadable}</Typography.Text>;
  }
  const pane = grid ? <SheetPane grid={grid} /> : null;
  if (parsed.names.length === 1)
    return (
      <div className="file-viewer-sheet" style={{ height: '100%' }}>
        {pane}
      </div>
    );
  // The sheets' names under the table, as Excel shows them; only the chosen sheet is drawn.
  return (
    <div className="file-viewer-sheet" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ flex: 1, minHeight: 0 }}>{pane}</div>
      <Tabs
        size="small"
        tabPlacement="bottom"
        activeKey={active}
        onChange={setChosen}
        aria-label="工作表"
        items={parsed.names.map((name) => ({ key: name, label: name }))}
        style={{ flex: 'none' }}
      />
    </div>
  );
}
