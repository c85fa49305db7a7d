import type { ExportAnswer } from '../../../contract/export';
import type { AppContext } from '../app-context';
import { createStorage } from '../storage/storage';
import { type SheetSpec, writeWorkbookFile } from './workbook';

/**
 * Contracts read per query while an export is built: small enough that a batch (its rows, their VINs or
 * vehicles) holds the event loop for a few milliseconds, large enough that 50,000 contracts are 100
 * queries. The other clerks' requests are answered between batches.
 */
export const EXPORT_BATCH = 500;

/**
 * Every export's last step: the workbook streamed to STORAGE_DIR/exports/<yyyy>/<mm>/, answered as its
 * `/storage/…` path for the clerk's download.
 */
export const saveExportWorkbook = async <T>({ config }: AppContext, sheet: SheetSpec<T>): Promise<ExportAnswer> => {
  const storage = createStorage(config.storageDir, { timeZone: config.timeZone });
  const location = await storage.exportPath('xlsx');
  await writeWorkbookFile(location.path, [sheet as SheetSpec<unknown>], config.timeZone);
  return { download_url: location.url };
};
