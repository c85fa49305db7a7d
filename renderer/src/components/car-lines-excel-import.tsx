/**
 * 导入Excel of the car-lines editor: pick a file, read it (car-lines-import.ts, loaded on demand so SheetJS
 * stays out of the screens that never import), ask the server about its VINs in one call, show the
 * preview, and add the rows the clerk confirms.
 */
import { useState, type ReactNode } from 'react';
import { App, type FormInstance } from 'antd';
import { CAR_LOOKUP_MAX, type CarLookupAnswer } from '../../../contract/vehicle';
import { lookupCars } from '../api/lookup-cars';
import { applyLookup, foundVehicles, vinsToLookUp } from './car-lines-import-lookup';
import { CarLinesImportPreview } from './car-lines-import-preview';
import { CarImportError, type ImportedRow, type ParsedCarSheet } from './car-lines-import-rules';
import { carLinesMessages, priceRequiredMessages } from './car-lines-messages';
import {
  isUntouched,
  readCarLines,
  type CarLine,
  type CarLinesSide,
  type CarListPath,
  type CarPriceField,
} from './car-lines-model';
import { useOpenFile } from './use-open-file';

/** The spec's Excel limit (part 1, section 9); the same number as car-lines-import-rules.ts, kept here so
 * the picker can refuse a file without loading SheetJS. */
export const EXCEL_IMPORT_LIMIT_BYTES = 100 * 1024;

interface ImportPreviewState {
  fileName: string;
  sheet: ParsedCarSheet;
  /** How many lines the contract may still take, untouched new rows not counted. */
  room: number;
  lookupError?: string;
}

/**
 * Answers `startImport` for the 导入Excel button, `busy` while a file is picked or read, and the preview
 * dialog to render (nothing while there is no preview).
 */
export function useCarLinesImport({
  form,
  listPath,
  priceField,
  side,
  limit,
  mayAdd,
}: {
  form: FormInstance;
  listPath: CarListPath;
  priceField: CarPriceField;
  side: CarLinesSide;
  /** The ordered amount, or Infinity. */
  limit: number;
  /** The editor's refusals shared with 添加车辆 (type first, no room); true when the clerk may go on. */
  mayAdd(room: number): boolean;
}): { startImport(): Promise<void>; busy: boolean; previewDialog: ReactNode } {
  const { message } = App.useApp();
  const { open: openFile, opening } = useOpenFile();
  const [importing, setImporting] = useState(false);
  const [preview, setPreview] = useState<ImportPreviewState>();
  const readLines = () => readCarLines(form, listPath);

  // An import replaces the rows nobody has typed in yet, so they do not count against its room.
  const importRoom = () => Math.max(0, limit - readLines().filter((line) => !isUntouched(line, priceField)).length);

  const startImport = async () => {
    if (!mayAdd(importRoom())) return;
    const file = await openFile({
      title: carLinesMessages.importTitle,
      filters: [{ name: carLinesMessages.excelFilter, extensions: ['xlsx', 'xls'] }],
      maxBytes: EXCEL_IMPORT_LIMIT_BYTES,
      tooLargeMessage: carLinesMessages.excelTooLarge,
    });
    if (!file) return;
    setImporting(true);
    try {
      const { readCarWorkbook } = await import('./car-lines-import');
      let sheet: ParsedCarSheet;
      try {
        sheet = await readCarWorkbook(file.bytes, {
          listedVins: readLines().map((line) => line.vin ?? ''),
          priceRequired: priceRequiredMessages[side],
        });
      } catch (error) {
        void message.error(error instanceof CarImportError ? error.message : String(error));
        return;
      }
      // Departure from the spec (docs/decisions.md): the spec looks every imported row up with its own
      // GET /api/car/exists; here ONE POST /api/car/lookup carries all the file's valid VINs (split only
      // past the server's 2,000 per call, which a 100KB sheet rarely reaches), so a 20-row sheet is one
      // round trip instead of 20.
      const vins = vinsToLookUp(sheet.rows);
      let lookupError: string | undefined;
      const answers: Array<CarLookupAnswer | undefined> = [];
      try {
        for (let start = 0; start < vins.length; start += CAR_LOOKUP_MAX) {
          answers.push(await lookupCars(vins.slice(start, start + CAR_LOOKUP_MAX), { silent: true }));
        }
      } catch (error) {
        lookupError = error instanceof Error ? error.message : String(error);
      }
      setPreview({
        fileName: file.name,
        sheet: { ...sheet, rows: applyLookup(sheet.rows, foundVehicles(answers)) },
        room: importRoom(),
        lookupError,
      });
    } finally {
      setImporting(false);
    }
  };

  /** Adds the preview's good rows; untouched new rows are replaced first, so they do not eat the room. */
  const finishImport = (rows: ImportedRow[]) => {
    const kept = readLines().filter((line) => !isUntouched(line, priceField));
    const space = Math.max(0, limit - kept.length);
    const added = rows.slice(0, space).map((row): CarLine => ({
      id: 0,
      vin: row.vin,
      model: row.model,
      [priceField]: row.price,
      invoice: row.invoice ?? 0,
      other: row.other ?? 0,
    }));
    form.setFieldValue(listPath, [...kept, ...added]);
    setPreview(undefined);
    void message.success(carLinesMessages.imported(added.length));
    const leftOut = (preview ? preview.sheet.rows.filter((row) => row.errors.length === 0).length : 0) - added.length;
    if (leftOut > 0) void message.warning(carLinesMessages.importLeftOut(leftOut));
  };

  const previewDialog = preview && (
    <CarLinesImportPreview
      open
      fileName={preview.fileName}
      sheetName={preview.sheet.sheetName}
      rows={preview.sheet.rows}
      room={preview.room}
      lookupError={preview.lookupError}
      onImport={finishImport}
      onCancel={() => setPreview(undefined)}
    />
  );

  return { startImport, busy: opening || importing, previewDialog };
}
