import type { Column } from './workbook';

/**
 * The pickup list export (spec part 2: 导出Excel on /pickup/list): one row per vehicle, with the
 * list's columns (ID, VIN, agent, status, entry time, release time) and the contracts a clerk looks
 * the vehicle up by. Timestamps in stored UTC form; the writer shows them in the server's zone.
 */

export const PICKUP_SHEET_NAME = '入库列表';

export interface PickupExportRow {
  id: number;
  vin: string;
  model: string | null;
  order_no: string | null;
  purchase_no: string | null;
  dl_name: string | null;
  status: string;
  entry_at: string | null;
  release_at: string | null;
}

export const pickupColumns: readonly Column<PickupExportRow>[] = [
  { header: 'ID', width: 8, kind: 'integer', value: (row) => row.id },
  { header: '车架号', width: 22, kind: 'text', value: (row) => row.vin },
  { header: '车型车系', width: 20, kind: 'text', value: (row) => row.model },
  { header: '海外合同号', width: 20, kind: 'text', value: (row) => row.order_no },
  { header: '采购合同号', width: 20, kind: 'text', value: (row) => row.purchase_no },
  { header: '代理人', width: 14, kind: 'text', value: (row) => row.dl_name },
  { header: '状态', width: 10, kind: 'text', value: (row) => row.status },
  { header: '入库时间', width: 20, kind: 'datetime', value: (row) => row.entry_at },
  { header: '出库时间', width: 20, kind: 'datetime', value: (row) => row.release_at },
];
