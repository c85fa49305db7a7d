import type { Column } from './workbook';

/**
 * The release list export (spec part 2: 导出Excel on /release/list): one row per vehicle, grouped as
 * the list groups them (by overseas contract, 未关联 last), with the group's contract, customer and
 * vehicle count on every row so that a filter in the spreadsheet keeps them.
 */

export const RELEASE_LIST_SHEET_NAME = '出口放行列表';

export interface ReleaseListExportRow {
  order_no: string;
  customer_name: string;
  amount: number | null;
  purchase_no: string | null;
  vin: string;
  model: string | null;
  /** Whole percent of the six documents, or null without a declaration. */
  rate: number | null;
  exports_date: string | null;
  status: string;
}

export const releaseListColumns: readonly Column<ReleaseListExportRow>[] = [
  { header: '海外合同号', width: 20, kind: 'text', value: (row) => row.order_no },
  { header: '客户', width: 24, kind: 'text', value: (row) => row.customer_name },
  { header: '采购数量', width: 10, kind: 'integer', value: (row) => row.amount },
  { header: '采购合同号', width: 20, kind: 'text', value: (row) => row.purchase_no },
  { header: '车架号', width: 22, kind: 'text', value: (row) => row.vin },
  { header: '车型车系', width: 20, kind: 'text', value: (row) => row.model },
  { header: '出口资料', width: 10, kind: 'text', value: (row) => (row.rate === null ? null : `${row.rate}%`) },
  { header: '出口日期', width: 12, kind: 'date', value: (row) => row.exports_date },
  { header: '状态', width: 16, kind: 'text', value: (row) => row.status },
];
