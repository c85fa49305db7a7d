import type { ExportAnswer } from '../../../contract/export';
import type { AppContext } from '../app-context';
import { createStorage } from '../storage/storage';
import { type SheetSpec, writeWorkbookFile } from './workbook';

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
