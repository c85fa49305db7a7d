import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { read, utils } from 'xlsx';
import { shown } from './yard-support';

/**
 * What the specs of a contract's last steps share (export declaration, filing, the document zip): the
 * vehicle transfer's panes, the filed list's card of a contract, and the zip 下载 saves.
 */

/** The vehicle transfer's pane titled `title` (待出口车辆, 待退税车辆, 已选择…) on the screen on view. */
export const transferPane = (page: Page, title: string) =>
  shown(page, '.ant-transfer-section').filter({ has: page.getByText(title, { exact: true }) });

/** Ticks these vehicles in the pane titled `waitingTitle` and moves them to 已选择. */
export async function chooseVehicles(page: Page, waitingTitle: string, vins: readonly string[]): Promise<void> {
  const left = transferPane(page, waitingTitle);
  for (const text of vins) await left.locator('li', { hasText: text }).click();
  await shown(page, '.ant-transfer')
    .getByRole('button', { name: /加\s*入/ })
    .click();
  for (const text of vins) await expect(transferPane(page, '已选择').getByText(text, { exact: true })).toBeVisible();
}

/** The filed list's card (its head row) of this overseas contract, on the screen on view. */
export const filedCard = (page: Page, orderNo: string): Locator =>
  shown(page, '.filed-list-page .paged-table tr.ant-table-row').filter({ hasText: orderNo });

/** The filed list searched by this contract's number, its card shown. */
export async function searchFiled(page: Page, orderNo: string): Promise<void> {
  const filters = shown(page, '.filed-list-page').getByRole('search', { name: '归档筛选' });
  await filters.getByLabel('海外合同号').fill(orderNo);
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(filedCard(page, orderNo)).toHaveCount(1);
}

/** A vehicle's filing words on its contract's card (its tags read as one sentence, in aria-label). */
export const filingWords = (page: Page, orderNo: string, vin: string) =>
  page
    .getByRole('table', { name: `海外合同 ${orderNo} 的车辆` })
    .locator('tr', { hasText: vin })
    .locator('.filed-car-status');

/** The zip as saved: its files (folders left out) in order, and the 清单's rows. */
export interface SavedZip {
  names: string[];
  manifest: Array<Record<string, unknown>>;
}

/**
 * 下载 on a finished contract's card: the confirmation, the browser's download (named
 * `<合同号>-资料.zip`), 下载完成; the zip read back.
 */
export async function downloadContractZip(page: Page, orderNo: string): Promise<SavedZip> {
  await filedCard(page, orderNo)
    .getByRole('button', { name: `海外合同 ${orderNo} 下载` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`确定要下载合同 ${orderNo} 的全部资料吗？`, { exact: false })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /下\s?载/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${orderNo}-资料.zip`);
  await expect(page.getByText('下载完成')).toBeVisible();
  const zip = await JSZip.loadAsync(await readFile((await download.path())!));
  const names = Object.values(zip.files)
    .filter((entry) => !entry.dir)
    .map((entry) => entry.name);
  const file = zip.file('清单.xlsx');
  expect(file, `清单.xlsx in ${names.join('|')}`).not.toBeNull();
  const workbook = read(await file!.async('uint8array'), { type: 'array' });
  const manifest = utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets['清单']!, { raw: true });
  return { names, manifest };
}

/** The zip's files under `prefix` (a folder and its slash), named from there on. */
export const filesUnder = (names: readonly string[], prefix: string) =>
  names.filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length));

/** The record folders of one stage (`出库-<id>`, `出口-<id>`…), each once, in the zip's order. */
export const recordFolders = (names: readonly string[], stage: string) => [
  ...new Set(names.filter((name) => name.startsWith(`${stage}-`)).map((name) => name.split('/')[0]!)),
];
