/**
 * The preview of an Excel import: every row of the sheet as read, the refused ones marked with their
 * reasons, the warnings shown, and 导入 adding only the good rows (at most `room` of them; the preview says
 * how many good rows the contract's ordered count leaves out before the clerk confirms).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Modal, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
// The rules, not car-lines-import.ts: SheetJS stays there, loaded when a file is actually imported.
import type { ImportedRow, RowField } from './car-lines-import-rules';
import { VIN_FONT } from './vin-search-box';

export const importPreviewMessages = {
  title: (fileName: string) => `导入车辆：${fileName}`,
  sheet: (sheetName: string) => `读取工作表“${sheetName}”（只读取第一张工作表）`,
  summary: (total: number, good: number, bad: number, warned: number) =>
    `共 ${total} 行：可导入 ${good} 行，有误 ${bad} 行（不会导入）` + (warned > 0 ? `，${warned} 行需要核对` : ''),
  leftOut: (room: number, leftOut: number) =>
    room <= 0
      ? `车辆数已达到合同订购总数，${leftOut} 行可导入的车辆都不会导入`
      : `合同订购总数还可添加 ${room} 辆车，另有 ${leftOut} 行可导入的车辆将不会导入`,
  lookupFailed: (reason: string) => `未能查询系统中已有的车辆（${reason}），缺少车型的行需要在表格中补上`,
  nothingToImport: '没有可导入的车辆',
  onlyProblems: '只看有误或需核对的行',
  ok: '导入',
  okCount: (count: number) => `导入 ${count} 辆`,
  cancel: '取消',
  good: '可导入',
  bad: '不导入',
  check: '请核对',
} as const;

export interface CarLinesImportPreviewProps {
  open: boolean;
  fileName: string;
  sheetName: string;
  rows: ImportedRow[];
  /** How many cars the contract may still take; `Infinity` when the ordered count is not set. */
  room: number;
  /** Set when the lookup of known vehicles failed: the rows are shown without it. */
  lookupError?: string;
  onImport(rows: ImportedRow[]): void;
  onCancel(): void;
}

const PAGE_SIZE = 50;

/** The dialog's distance from the window's top and bottom. */
const DIALOG_MARGIN = 16;
/**
 * Everything of the dialog but the table's rows, in px: the two margins, the title, the footer with 导入,
 * the sheet line, the 只看有误 switch, the table's header and the gaps between them. Each alert adds
 * ALERT_HEIGHT, the pager PAGER_HEIGHT.
 */
const DIALOG_CHROME = 2 * DIALOG_MARGIN + 64 + 64 + 30 + 30 + 40 + 20;
const ALERT_HEIGHT = 48;
const PAGER_HEIGHT = 56;
/** Below this the rows scroll in a small box rather than vanish (a very low window scrolls the page). */
const MIN_ROWS_HEIGHT = 120;

/** The window's inner height, kept up to date, so the dialog fits it with 导入 always in view. */
function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const update = () => setHeight(window.innerHeight);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return height;
}

export const isImportable = (row: ImportedRow): boolean => row.errors.length === 0;

/** What the preview says and 导入 adds: the good rows, at most `room` of them, in file order. */
export function importPlan(rows: readonly ImportedRow[], room: number) {
  const good = rows.filter(isImportable);
  const added = good.slice(0, Math.max(0, room));
  return {
    good,
    bad: rows.filter((row) => !isImportable(row)),
    warned: rows.filter((row) => row.warnings.length > 0),
    added,
    leftOut: good.length - added.length,
  };
}

const money = (value: number | null, text: string) =>
  value === null ? text : value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A cell whose column has a problem is shown in the error colour. */
function Cell({ row, field, children }: { row: ImportedRow; field: RowField; children: ReactNode }) {
  const wrong = row.errors.some((issue) => issue.field === field);
  return wrong ? <Typography.Text type="danger">{children === '' ? '（空）' : children}</Typography.Text> : children;
}

/** The preview's columns: the sheet's cells as read, then the row's outcome with its reasons. */
const previewColumns: TableColumnsType<ImportedRow> = [
  { title: '行号', dataIndex: 'rowNumber', width: 64 },
  {
    title: '车架号',
    dataIndex: 'vin',
    width: 190,
    render: (_, row) => (
      <Cell row={row} field="vin">
        <span style={{ fontFamily: VIN_FONT }}>{row.vin}</span>
      </Cell>
    ),
  },
  {
    title: '车型',
    dataIndex: 'model',
    render: (_, row) => (
      <Cell row={row} field="model">
        {row.model}
      </Cell>
    ),
  },
  {
    title: '价格',
    dataIndex: 'price',
    align: 'right',
    width: 120,
    render: (_, row) => (
      <Cell row={row} field="price">
        {money(row.price, row.text.price)}
      </Cell>
    ),
  },
  {
    title: '服务费',
    dataIndex: 'invoice',
    align: 'right',
    width: 90,
    render: (_, row) => (
      <Cell row={row} field="invoice">
        {money(row.invoice, row.text.invoice)}
      </Cell>
    ),
  },
  {
    title: '其他费用',
    dataIndex: 'other',
    align: 'right',
    width: 90,
    render: (_, row) => (
      <Cell row={row} field="other">
        {money(row.other, row.text.other)}
      </Cell>
    ),
  },
  {
    title: '结果',
    key: 'outcome',
    width: 300,
    render: (_, row) => (
      <Space orientation="vertical" size={2}>
        <span>
          {isImportable(row) ? (
            <Tag color="success">{importPreviewMessages.good}</Tag>
          ) : (
            <Tag color="error">{importPreviewMessages.bad}</Tag>
          )}
          {row.warnings.length > 0 && <Tag color="warning">{importPreviewMessages.check}</Tag>}
        </span>
        {row.errors.map((issue) => (
          <Typography.Text key={`${issue.field}:${issue.message}`} type="danger">
            {issue.message}
          </Typography.Text>
        ))}
        {row.warnings.map((warning) => (
          <Typography.Text key={warning} type="warning">
            {warning}
          </Typography.Text>
        ))}
        {row.notes.map((note) => (
          <Typography.Text key={note} type="secondary">
            {note}
          </Typography.Text>
        ))}
      </Space>
    ),
  },
];

export function CarLinesImportPreview({
  open,
  fileName,
  sheetName,
  rows,
  room,
  lookupError,
  onImport,
  onCancel,
}: CarLinesImportPreviewProps) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const windowHeight = useWindowHeight();
  const plan = useMemo(() => importPlan(rows, room), [rows, room]);
  const shown = useMemo(
    () => (onlyProblems ? rows.filter((row) => !isImportable(row) || row.warnings.length > 0) : rows),
    [rows, onlyProblems],
  );

  const paged = shown.length > PAGE_SIZE;
  const alerts = 1 + (plan.leftOut > 0 ? 1 : 0) + (plan.good.length === 0 ? 1 : 0) + (lookupError ? 1 : 0);
  // The rows get what the window has left, so the footer's 导入 is never below the window's edge.
  const rowsHeight = Math.max(
    MIN_ROWS_HEIGHT,
    windowHeight - DIALOG_CHROME - alerts * ALERT_HEIGHT - (paged ? PAGER_HEIGHT : 0),
  );

  return (
    <Modal
      open={open}
      title={importPreviewMessages.title(fileName)}
      width={1100}
      style={{ top: DIALOG_MARGIN, paddingBottom: 0 }}
      okText={plan.added.length > 0 ? importPreviewMessages.okCount(plan.added.length) : importPreviewMessages.ok}
      cancelText={importPreviewMessages.cancel}
      okButtonProps={{ disabled: plan.added.length === 0 }}
      onOk={() => onImport(plan.added)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{importPreviewMessages.sheet(sheetName)}</Typography.Text>
        <Alert
          type={plan.bad.length > 0 ? 'warning' : 'success'}
          title={importPreviewMessages.summary(rows.length, plan.good.length, plan.bad.length, plan.warned.length)}
        />
        {plan.leftOut > 0 && <Alert type="warning" title={importPreviewMessages.leftOut(room, plan.leftOut)} />}
        {plan.good.length === 0 && <Alert type="error" title={importPreviewMessages.nothingToImport} />}
        {lookupError && <Alert type="warning" title={importPreviewMessages.lookupFailed(lookupError)} />}
        <Space>
          <Switch
            size="small"
            checked={onlyProblems}
            onChange={setOnlyProblems}
            aria-label={importPreviewMessages.onlyProblems}
          />
          <span>{importPreviewMessages.onlyProblems}</span>
        </Space>
        <Table<ImportedRow>
          size="small"
          rowKey="rowNumber"
          columns={previewColumns}
          dataSource={shown}
          rowClassName={(row) => (isImportable(row) ? '' : 'car-import-row-refused')}
          onRow={(row) => ({
            'aria-label': `第 ${row.rowNumber} 行：${isImportable(row) ? importPreviewMessages.good : importPreviewMessages.bad}`,
            style: isImportable(row) ? undefined : { background: '#fff1f0' },
          })}
          pagination={paged ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
          scroll={{ y: rowsHeight }}
        />
      </Space>
    </Modal>
  );
}
