import type { ExportAnswer } from '../../../../contract/export';
import { type PurchaseExportQuery, purchaseTypeLabels, remitStatusLabels } from '../../../../contract/purchase';
import type { AppContext } from '../../app-context';
import { PURCHASE_SHEET_NAME, purchaseColumns, type PurchaseExportRow } from '../../excel/purchase-workbooks';
import { EXPORT_BATCH_WIDE, saveExportWorkbook } from '../../excel/export-file';
import { fromFen, fromFenOrNull } from '../overseas/money';
import { vehiclesByContract } from '../vehicle/contract-car-lines';
import { listPurchaseCarsOf, type PurchaseCarRow } from '../vehicle/vehicle.repository';
import { purchaseList } from './purchase.repository';
import { purchaseFiltersOf } from './purchase-read.service';

/**
 * `GET /api/purchase/export`: the contracts of the list's filters, newest first, one row per vehicle
 * (a contract without vehicles gets one row), written under STORAGE_DIR/exports/.
 */
export const exportPurchases = (ctx: AppContext, query: PurchaseExportQuery): Promise<ExportAnswer> =>
  saveExportWorkbook(ctx, { name: PURCHASE_SHEET_NAME, columns: purchaseColumns, rows: purchaseRows(ctx, query) });

/** The contracts in batches, each batch's vehicles in one query: rows come as the workbook asks for them. */
async function* purchaseRows(
  { db, config }: AppContext,
  query: PurchaseExportQuery,
): AsyncGenerator<PurchaseExportRow[]> {
  for await (const batch of purchaseList(db, config.timeZone, purchaseFiltersOf(query)).batches(EXPORT_BATCH_WIDE)) {
    // Only the exported columns of the batch's vehicles (libsql pays per column read), grouped once.
    const carsByPurchase = vehiclesByContract(
      await listPurchaseCarsOf(
        db,
        batch.map((purchase) => purchase.id),
      ),
      'purchase_id',
    );
    const rows: PurchaseExportRow[] = [];
    for (const purchase of batch) {
      const type = purchaseTypeLabels[purchase.type];
      const total = fromFen(purchase.total);
      const remitTotal = fromFen(purchase.remit_total_fen);
      const remitStatus = remitStatusLabels[purchase.remit_status];
      const handedOver = purchase.handed_over === 1 ? '已移交' : '未移交';
      // Each row written out as one literal of its sixteen fields, not the contract spread into it:
      // spreading made 500,000 objects of a slow shape (1.8 s building them, 1.2 s more reading their
      // cells, and the garbage collector's share on top).
      const line = (car: PurchaseCarRow | null): PurchaseExportRow => ({
        id: purchase.id,
        purchase_no: purchase.purchase_no,
        type,
        order_no: purchase.order_no,
        customer_name: purchase.customer_name,
        amount: purchase.amount,
        total,
        remit_total: remitTotal,
        remit_status: remitStatus,
        handed_over: handedOver,
        vin: car ? car.vin : null,
        model: car ? car.model : null,
        price: car ? fromFenOrNull(car.price) : null,
        invoice: car ? fromFenOrNull(car.invoice) : null,
        other: car ? fromFenOrNull(car.other) : null,
        created_at: purchase.created_at,
      });
      const cars = carsByPurchase.get(purchase.id) ?? [];
      if (cars.length === 0) rows.push(line(null));
      for (const car of cars) rows.push(line(car));
    }
    yield rows;
  }
}
