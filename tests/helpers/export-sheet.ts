import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { read, utils, type WorkSheet } from 'xlsx';
import { expect } from 'vitest';
import type { TestApp } from './build-app';
import type { caller } from './overseas';

/**
 * Asks for an export, checks the answer, and reads the workbook the server wrote: the file on disk
 * and the download over HTTP must be the same bytes, served as an attachment. Every list export
 * (overseas contracts, receipts, purchase contracts) answers the same way, so its tests read it here.
 * The workbook must hold exactly one sheet, named `sheetName` when given.
 */
export const exportSheet = async (
  t: Pick<TestApp, 'storageDir'>,
  call: ReturnType<typeof caller>,
  url: string,
  sheetName?: string,
): Promise<WorkSheet> => {
  const response = await call('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  const downloadUrl = response.json().data.download_url as string;
  expect(downloadUrl).toMatch(/^\/storage\/exports\/\d{4}\/\d{2}\/[0-9a-f]{32}\.xlsx$/);
  const onDisk = await readFile(join(t.storageDir, downloadUrl.slice('/storage/'.length)));
  const download = await call('GET', downloadUrl);
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-disposition']).toMatch(/^attachment/);
  expect(download.rawPayload.equals(onDisk)).toBe(true);
  const workbook = read(onDisk, { type: 'buffer', cellNF: true, cellDates: true, cellStyles: true });
  expect(workbook.SheetNames).toHaveLength(1);
  if (sheetName !== undefined) expect(workbook.SheetNames).toEqual([sheetName]);
  return workbook.Sheets[workbook.SheetNames[0]!]!;
};

/** The sheet's rows keyed by the header row, values as stored. */
export const rowsOf = (sheet: WorkSheet) => utils.sheet_to_json<Record<string, unknown>>(sheet, { raw: true });
