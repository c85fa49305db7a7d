import type { Column } from './workbook';

/**
 * The overseas contract list export and the receipt sheet (spec part 1: 导出Excel, 导出海外收款单).
 * Rows arrive already shaped (money in yuan/dollars, timestamps in stored UTC form).
 */

export interface OrderExportRow {
  id: number;
  order_no: string;
  customer_name: string;
  country: string | null;
  agent_name: string | null;
  amount: number;
  car_count: number;
  currency: string;
  total: number;
  receipt_total: number;
  vins: string;
  created_at: string;
}

export const orderColumns: readonly Column<OrderExportRow>[] = [
  { header: 'ID', width: 8, kind: 'integer', value: (row) => row.id },
  { header: '海外合同号', width: 20, kind: 'text', value: (row) => row.order_no },
  { header: '客户名称', width: 24, kind: 'text', value: (row) => row.customer_name },
  { header: '国家', width: 12, kind: 'text', value: (row) => row.country },
  { header: '代理人', width: 14, kind: 'text', value: (row) => row.agent_name },
  { header: '订购数量', width: 10, kind: 'integer', value: (row) => row.amount },
  { header: '已录车辆', width: 10, kind: 'integer', value: (row) => row.car_count },
  { header: '币种', width: 8, kind: 'text', value: (row) => row.currency },
  { header: '合同总额', width: 16, kind: 'money', value: (row) => row.total },
  { header: '已收款', width: 16, kind: 'money', value: (row) => row.receipt_total },
  {
    header: '未收款',
    width: 16,
    kind: 'money',
    value: (row) => Math.round((row.total - row.receipt_total) * 100) / 100,
  },
  { header: '车架号', width: 40, kind: 'text', value: (row) => row.vins },
  { header: '创建时间', width: 20, kind: 'datetime', value: (row) => row.created_at },
];

export interface ReceiptExportRow {
  order_no: string;
  customer_name: string;
  order_currency: string;
  order_total: number;
  amount: number;
  currency: string;
  receipt_no: string;
  receipted_at: string;
  is_deposit: 0 | 1;
  remitter: string | null;
  settlement: number | null;
  actual_total: number | null;
  registered_address: string | null;
  created_at: string;
}

export const receiptColumns: readonly Column<ReceiptExportRow>[] = [
  { header: '海外合同号', width: 20, kind: 'text', value: (row) => row.order_no },
  { header: '客户名称', width: 24, kind: 'text', value: (row) => row.customer_name },
  { header: '合同币种', width: 10, kind: 'text', value: (row) => row.order_currency },
  { header: '合同总额', width: 16, kind: 'money', value: (row) => row.order_total },
  { header: '收款金额', width: 16, kind: 'money', value: (row) => row.amount },
  { header: '收款币种', width: 10, kind: 'text', value: (row) => row.currency },
  { header: '收款单号', width: 20, kind: 'text', value: (row) => row.receipt_no },
  { header: '收款日期', width: 12, kind: 'date', value: (row) => row.receipted_at },
  { header: '是否定金', width: 10, kind: 'text', value: (row) => (row.is_deposit === 1 ? '是' : '否') },
  { header: '汇款人', width: 16, kind: 'text', value: (row) => row.remitter },
  { header: '结汇金额', width: 16, kind: 'money', value: (row) => row.settlement },
  { header: '实际到账金额', width: 16, kind: 'money', value: (row) => row.actual_total },
  { header: '注册地址', width: 30, kind: 'text', value: (row) => row.registered_address },
  { header: '录入时间', width: 20, kind: 'datetime', value: (row) => row.created_at },
];

export const ORDER_SHEET_NAME = '海外合同';
export const RECEIPT_SHEET_NAME = '海外收款';
