import type { Column } from './workbook';

/**
 * The trade income and expense workbook (贸易收支报表, 导出报表 on /filed/query_list): one row per overseas
 * contract of the period, then a totals row per currency. The contract's own amounts are in its
 * currency (the 币种 column says which, the header says so); the settlement, the purchase cost and the
 * remittances are in CNY. Money as numbers with two decimals, so the accountant can sum and sort.
 */

export interface TradeExportRow {
  order_no: string;
  customer_name: string | null;
  currency: string;
  /** Stored ISO UTC timestamp; null on a totals row. */
  created_at: string | null;
  /** Amounts in yuan/dollars (decimal). */
  total: number;
  received: number;
  settled: number;
  cost: number;
  remitted: number;
  vehicles: number;
  complete: number;
  drawback: number;
  archive: number;
  freight: number;
}

/** The first cell of a currency's totals row. */
export const totalsLabel = (currency: string) => `合计（${currency}）`;

export const tradeColumns: readonly Column<TradeExportRow>[] = [
  { header: '海外合同号', width: 20, kind: 'text', value: (row) => row.order_no },
  { header: '客户', width: 24, kind: 'text', value: (row) => row.customer_name },
  { header: '创建时间', width: 20, kind: 'datetime', value: (row) => row.created_at },
  { header: '币种', width: 8, kind: 'text', value: (row) => row.currency },
  { header: '合同金额（合同币种）', width: 18, kind: 'money', value: (row) => row.total },
  { header: '已收款（合同币种）', width: 18, kind: 'money', value: (row) => row.received },
  { header: '结汇金额（CNY）', width: 16, kind: 'money', value: (row) => row.settled },
  { header: '采购成本（CNY）', width: 16, kind: 'money', value: (row) => row.cost },
  { header: '已付款（CNY）', width: 16, kind: 'money', value: (row) => row.remitted },
  { header: '车辆数', width: 8, kind: 'integer', value: (row) => row.vehicles },
  { header: '已完成', width: 8, kind: 'integer', value: (row) => row.complete },
  { header: '已退税', width: 8, kind: 'integer', value: (row) => row.drawback },
  { header: '已注销', width: 8, kind: 'integer', value: (row) => row.archive },
  { header: '运费已完成', width: 10, kind: 'integer', value: (row) => row.freight },
];
