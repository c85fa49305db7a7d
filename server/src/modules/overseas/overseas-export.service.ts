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
import { EXPORT_BATCH_WIDE, saveExportWorkbook } from '../../excel/export-file';
import { listVinListsOfOrders } from '../vehicle/vehicle.repository';
import { fromFen, fromFenOrNull } from './money';
import { listReceiptsOfOrders, orderList } from './overseas.repository';
import type { ReceiptRow } from './overseas.table';
import { filtersOf } from './overseas-read.service';

/** `GET /api/order/export`: one row per contract of the list's filters, newest first, with its VINs. */
export const exportOrders = (ctx: AppContext, query: OrderExportQuery): Promise<ExportAnswer> =>
  saveExportWorkbook(ctx, { name: ORDER_SHEET_NAME, columns: orderColumns, rows: orderRows(ctx, query) });

/** The contracts in batches, each batch's VINs in one query: rows come as the workbook asks for them. */
async function* orderRows({ db, config }: AppContext, query: OrderExportQuery): AsyncGenerator<OrderExportRow[]> {
  for await (const batch of orderList(db, config.timeZone, filtersOf(query)).batches(EXPORT_BATCH_WIDE)) {
    const vinLists = await listVinListsOfOrders(
      db,
      batch.map((order) => order.id),
    );
    yield batch.map((order) => {
      const vins = vinLists.get(order.id);
      return {
        id: order.id,
        order_no: order.order_no,
        customer_name: order.customer_name,
        country: order.customer_country,
        agent_name: order.agent_name,
        amount: order.amount,
        car_count: vins?.count ?? 0,
        currency: order.currency,
        total: fromFen(order.total),
        receipt_total: fromFen(order.receipt_total_fen),
        vins: vins?.vins ?? '',
        created_at: order.created_at,
      };
    });
  }
}

/** `GET /api/order/receipt/export`: every receipt of the contracts the list's filters select. */
export const exportReceipts = (ctx: AppContext, query: OrderExportQuery): Promise<ExportAnswer> =>
  saveExportWorkbook(ctx, { name: RECEIPT_SHEET_NAME, columns: receiptColumns, rows: receiptRows(ctx, query) });

async function* receiptRows({ db, config }: AppContext, query: OrderExportQuery): AsyncGenerator<ReceiptExportRow[]> {
  for await (const batch of orderList(db, config.timeZone, filtersOf(query)).batches(EXPORT_BATCH_WIDE)) {
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
    const rows: ReceiptExportRow[] = [];
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
    yield rows;
  }
}
