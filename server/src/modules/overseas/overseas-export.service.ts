import { writeFile } from 'node:fs/promises';
import type { ExportAnswer } from '../../../../contract/export';
import type { OrderExportQuery } from '../../../../contract/overseas';
import type { AppContext } from '../../app-context';
import {
  ORDER_SHEET_NAME,
  orderColumns,
  type OrderExportRow,
  RECEIPT_SHEET_NAME,
  receiptColumns,
  type ReceiptExportRow,
} from '../../excel/overseas-workbooks';
import { type BuiltSheet, sheetOf, writeWorkbook } from '../../excel/workbook';
import { createStorage } from '../../storage/storage';
import { listVinsOfOrders } from '../vehicle/vehicle.repository';
import { fromFen, fromFenOrNull } from './money';
import { iterateOrders, listReceiptsOfOrders } from './overseas.repository';
import type { ReceiptRow } from './overseas.table';
import { filtersOf } from './overseas.service';

/** Contracts read per query while an export is built. */
const EXPORT_BATCH = 1000;

/** Writes the workbook under STORAGE_DIR/exports/<yyyy>/<mm>/ and answers its `/storage/…` path. */
const saveWorkbook = async ({ config }: AppContext, sheet: BuiltSheet): Promise<ExportAnswer> => {
  const storage = createStorage(config.storageDir, { timeZone: config.timeZone });
  const location = await storage.exportPath('xlsx');
  await writeFile(location.path, writeWorkbook([sheet]), { flag: 'wx' });
  return { download_url: location.url };
};

/** `GET /api/order/export`: one row per contract of the list's filters, newest first, with its VINs. */
export const exportOrders = async (ctx: AppContext, query: OrderExportQuery): Promise<ExportAnswer> => {
  const { db, config } = ctx;
  const rows: OrderExportRow[] = [];
  for await (const batch of iterateOrders(db, config.timeZone, filtersOf(query), EXPORT_BATCH)) {
    const vinsByOrder = new Map<number, string[]>();
    for (const { order_id: orderId, vin } of await listVinsOfOrders(
      db,
      batch.map((order) => order.id),
    )) {
      if (orderId === null) continue;
      const vins = vinsByOrder.get(orderId);
      if (vins) vins.push(vin);
      else vinsByOrder.set(orderId, [vin]);
    }
    for (const order of batch) {
      const vins = vinsByOrder.get(order.id) ?? [];
      rows.push({
        id: order.id,
        order_no: order.order_no,
        customer_name: order.customer_name,
        country: order.customer_country,
        agent_name: order.agent_name,
        amount: order.amount,
        car_count: vins.length,
        currency: order.currency,
        total: fromFen(order.total),
        receipt_total: fromFen(order.receipt_total_fen),
        vins: vins.join(', '),
        created_at: order.created_at,
      });
    }
  }
  return saveWorkbook(ctx, sheetOf({ name: ORDER_SHEET_NAME, columns: orderColumns, rows }, config.timeZone));
};

/** `GET /api/order/receipt/export`: every receipt of the contracts the list's filters select. */
export const exportReceipts = async (ctx: AppContext, query: OrderExportQuery): Promise<ExportAnswer> => {
  const { db, config } = ctx;
  const rows: ReceiptExportRow[] = [];
  for await (const batch of iterateOrders(db, config.timeZone, filtersOf(query), EXPORT_BATCH)) {
    // Contract by contract in the list's order, each contract's receipts in the order they came in.
    const receiptsByOrder = new Map<number, ReceiptRow[]>();
    for (const receipt of await listReceiptsOfOrders(
      db,
      batch.map((order) => order.id),
    )) {
      const receipts = receiptsByOrder.get(receipt.order_id);
      if (receipts) receipts.push(receipt);
      else receiptsByOrder.set(receipt.order_id, [receipt]);
    }
    for (const order of batch) {
      for (const receipt of receiptsByOrder.get(order.id) ?? []) {
        rows.push({
          order_no: order.order_no,
          customer_name: order.customer_name,
          order_currency: order.currency,
          order_total: fromFen(order.total),
          amount: fromFen(receipt.amount),
          currency: receipt.currency,
          receipt_no: receipt.receipt_no,
          receipted_at: receipt.receipted_at,
          is_deposit: receipt.is_deposit,
          remitter: receipt.remitter,
          settlement: fromFenOrNull(receipt.settlement),
          actual_total: fromFenOrNull(receipt.actual_total),
          registered_address: receipt.registered_address,
          created_at: receipt.created_at,
        });
      }
    }
  }
  return saveWorkbook(ctx, sheetOf({ name: RECEIPT_SHEET_NAME, columns: receiptColumns, rows }, config.timeZone));
};
