import type { ExportAnswer } from '../../../contract/export';
import type { AppContext } from '../app-context';
import { assertExportRoom } from '../platform/storage/export-budget';
import { EXPORTS_DIR } from '../platform/storage/storage';
import { type SheetSpec, writeWorkbook } from './workbook';

/**
 * Contracts read per query while an export is built: small enough that a batch (its rows, their VINs or
 * vehicles) holds the event loop for a few milliseconds, large enough that 50,000 contracts are 100
 * queries. The other clerks' requests are answered between batches.
 */
export const EXPORT_BATCH = 500;

/**
 * Contracts per batch where a contract's line reads many rows of other tables: the purchase export
 * writes a row per vehicle (about 8 a contract: 500 contracts were 4,000 vehicles read and written at a
 * stretch, 11 ms of SQLite per batch at the median and 112 ms at worst), the trade report sums every
 * vehicle, receipt and remittance of its contracts in six queries (16 ms per 500), the overseas export
 * joins each contract's VINs (about 10) and the receipt sheet its receipts. 100 keep a batch near the
 * others' few milliseconds (overseas export: the loop's p99 hold 25 → 9 ms, the export no slower);
 * the extra queries cost less than a millisecond each.
 */
export const EXPORT_BATCH_WIDE = 100;

/**
 * Every export's last step: the workbook streamed to STORAGE_DIR/exports/<yyyy>/<mm>/, answered as its
 * `/storage/…` path for the clerk's download. The export folder's disk budget (EXPORTS_MAX_MB) is the
 * contract zips' too: past it, 429 before anything is written.
 */
export const saveExportWorkbook = async <T>(
  { config, storage }: AppContext,
  sheet: SheetSpec<T>,
): Promise<ExportAnswer> => {
  await assertExportRoom(config, storage);
  const location = storage.locate(EXPORTS_DIR, 'xlsx');
  await writeWorkbook(storage, location.key, [sheet as SheetSpec<unknown>], config.timeZone);
  return { download_url: location.url };
};
