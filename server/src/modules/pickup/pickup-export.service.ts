import type { ExportAnswer } from '../../../../contract/export';
import { type PickupExportQuery, releaseStatusLabel } from '../../../../contract/pickup';
import type { AppContext } from '../../app-context';
import { EXPORT_BATCH, saveExportWorkbook } from '../../excel/export-file';
import { PICKUP_SHEET_NAME, pickupColumns, type PickupExportRow } from '../../excel/pickup-workbooks';
import { iteratePickups } from './pickup.repository';
import { pickupFiltersOf } from './pickup.service';

/** `GET entryExport`: the vehicles of the list's filters, newest first, written under STORAGE_DIR/exports/. */
export const exportPickups = (ctx: AppContext, query: PickupExportQuery): Promise<ExportAnswer> =>
  saveExportWorkbook(ctx, { name: PICKUP_SHEET_NAME, columns: pickupColumns, rows: pickupRows(ctx, query) });

/** The vehicles in batches (one query each), rows coming as the workbook asks for them. */
async function* pickupRows({ db, config }: AppContext, query: PickupExportQuery): AsyncGenerator<PickupExportRow[]> {
  for await (const batch of iteratePickups(db, config.timeZone, pickupFiltersOf(query), EXPORT_BATCH)) {
    yield batch.map((row) => ({
      id: row.id,
      vin: row.vin,
      model: row.model,
      order_no: row.order_no,
      purchase_no: row.purchase_no,
      dl_name: row.dl_name,
      status: releaseStatusLabel(row.release),
      entry_at: row.entry_created_at,
      release_at: row.release_created_at,
    }));
  }
}
