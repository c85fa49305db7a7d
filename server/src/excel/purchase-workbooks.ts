import type { Column } from './workbook';

/**
 * The purchase contract list export (spec part 2: 导出Excel). One row per vehicle, each with its
 * contract's facts, because a clerk reconciles the vehicles' purchase prices and fees line by line; a
 * contract without vehicles still gets one row. Money in yuan, timestamps in stored UTC form.
 */

export const PURCHASE_SHEET_NAME = '采购合同';

export interface PurchaseExportRow {
  id: number;
  purchase_no: string;
  type: string;
  order_no: string | null;
  customer_name: string;
  amount: number;
  total: number;
  remit_total: number;
  remit_status: string;
  handed_over: string;
  vin: string | null;
  model: string | null;
  price: number | null;
  invoice: number | null;
  other: number | null;
  created_at: string;
}

export const purchaseColumns: readonly Column<PurchaseExportRow>[] = [
  { header: 'ID', width: 8, kind: 'integer', value: (row) => row.id },
  { header: '采购合同号', width: 20, kind: 'text', value: (row) => row.purchase_no },
  { header: '合同类型', width: 10, kind: 'text', value: (row) => row.type },
  { header: '海外合同号', width: 20, kind: 'text', value: (row) => row.order_no },
  { header: '客户名称', width: 24, kind: 'text', value: (row) => row.customer_name },
  { header: '采购数量', width: 10, kind: 'integer', value: (row) => row.amount },
  { header: '合同总额(CNY)', width: 16, kind: 'money', value: (row) => row.total },
  { header: '已打款(CNY)', width: 16, kind: 'money', value: (row) => row.remit_total },
  { header: '打款状态', width: 10, kind: 'text', value: (row) => row.remit_status },
  { header: '移交入库', width: 10, kind: 'text', value: (row) => row.handed_over },
  { header: '车架号', width: 22, kind: 'text', value: (row) => row.vin },
  { header: '车型车系', width: 20, kind: 'text', value: (row) => row.model },
  { header: '采购价格', width: 14, kind: 'money', value: (row) => row.price },
  { header: '服务费', width: 12, kind: 'money', value: (row) => row.invoice },
  { header: '其他费用', width: 12, kind: 'money', value: (row) => row.other },
  { header: '创建时间', width: 20, kind: 'datetime', value: (row) => row.created_at },
];
