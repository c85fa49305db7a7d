import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { read, utils } from 'xlsx';
import {
  createPurchase,
  dataOf,
  handToYard,
  type PurchaseSetUp,
  shown,
  skipCheckIn,
  type YardApi,
} from './yard-support';

/**
 * What the specs of a contract's last steps share (export declaration, filing, the document zip): an
 * overseas contract taken through the API to release, to filing or to its end; the vehicle transfer's
 * panes, the filed list's card of a contract, and the zip 下载 saves.
 */

/** The stored paths of the documents the steps after the yard send (release pass, declaration, filing). */
export interface FilingDocuments {
  /** 放行条 and 离场照片 of the release pass. */
  fxt_image: string;
  lc_image: string;
  /** The declaration's four required documents. */
  xkz_image: string;
  bgzl_image: string;
  bgd_image: string;
  td_image: string;
  /** 注销证明. */
  zxzm_image: string;
  /** 运费发票, 运费付款单 and the freight's photos. */
  yffp_image: string;
  yffkd_image: string;
  freightPhotos: string[];
}

/**
 * Each document uploaded once, under the name a clerk gives it (scans from the fixtures); a spec that sets
 * up several contracts uploads them once and hands the same paths to each.
 */
export async function filingDocuments(api: YardApi): Promise<FilingDocuments> {
  const pdf = (name: string) => api.upload('document', 'scans/deregistration-certificate.pdf', name);
  const scanned = (name: string) => api.upload('document', 'scans/customs-declaration.jpg', name);
  return {
    fxt_image: await api.upload('image', 'scans/customs-declaration.jpg', '放行条.jpg'),
    lc_image: await api.upload('image', 'scans/vehicle-exterior.png', '离场照片.png'),
    xkz_image: await pdf('许可证.pdf'),
    bgzl_image: await pdf('报关资料.pdf'),
    bgd_image: await scanned('报关单.jpg'),
    td_image: await pdf('提单.pdf'),
    zxzm_image: await pdf('注销证明.pdf'),
    yffp_image: await pdf('运费发票.pdf'),
    yffkd_image: await scanned('运费付款单.jpg'),
    freightPhotos: [await api.upload('image', 'scans/vehicle-exterior.png', '装柜.png')],
  };
}

export interface ContractSetUp {
  orderNo: string;
  vins: string[];
  /** The buyer abroad, a new customer of type 销外客户. */
  customer: string;
  /** The overseas contract's side: agent, price a car, its agreement (number and stored file). */
  order?: { agent?: string; pricePerCar?: number; agreementNo?: string; agreement?: string };
  /** The purchase contract that buys the vehicles (its `vins` and `orderId` are the contract's). */
  purchase: Omit<PurchaseSetUp, 'vins' | 'orderId'> & { remitted?: number };
  /**
   * How the vehicles, handed to the yard, reach the release flow; by default as new cars do: 免入库, a
   * plating each (with `plating`'s documents for the VINs it names), 移交出口.
   */
  toRelease?: (api: YardApi, purchaseId: number) => Promise<void>;
  plating?: Record<string, Record<string, string>>;
  /** Where to stop: vehicles waiting at release, handed to filing, or every filing record made (status 6). */
  until?: 'release' | 'filing' | 'finished';
  /** The documents sent; uploaded here when not given. */
  documents?: FilingDocuments;
  declaration?: { bgdSn?: string; date?: string; money?: string };
}

/**
 * An overseas contract taken as far as `until` through the API, as the clerks' screens send it: the
 * contract (its file uploaded) handed to purchasing, one purchase contract of its vehicles handed to the
 * yard and on to release, one release pass and one export declaration with its four required documents
 * for all of them, 移交归档, then tax refund, deregistration with its certificate and freight with its
 * invoice, payment slip and photos. Answers the two contracts' ids.
 */
export async function finishedContract(
  api: YardApi,
  setUp: ContractSetUp,
): Promise<{ orderId: number; purchaseId: number }> {
  const { vins, until = 'finished' } = setUp;
  const price = setUp.order?.pricePerCar ?? 10_000;
  const { id: orderId } = await dataOf<{ id: number }>(
    await api.request.post('/api/order', {
      headers: api.headers,
      data: {
        order_no: setUp.orderNo,
        amount: vins.length,
        total: price * vins.length,
        currency: 'USD',
        agent_name: setUp.order?.agent ?? 'E2E 代理人',
        contracts: [await api.upload('contract', 'scans/deregistration-certificate.pdf', '销售合同.pdf')],
        ...(setUp.order?.agreement === undefined ? {} : { agreement: setUp.order.agreement }),
        ...(setUp.order?.agreementNo === undefined ? {} : { agreement_no: setUp.order.agreementNo }),
        name: setUp.customer,
        address: 'Abay Ave 1, Almaty',
        contact_way: '+7 701 000 0000',
        country: '哈萨克斯坦',
        type_id: 1,
        cars: vins.map((text, index) => ({
          id: 0,
          vin: text,
          model: setUp.purchase.model?.(index) ?? '丰田 卡罗拉',
          order_price: price,
          invoice: 0,
          other: 0,
        })),
      },
    }),
    201,
  );
  await api.send('put', `/api/order/${orderId}/handOver`);

  const { remitted, ...purchase } = setUp.purchase;
  const purchaseId = await createPurchase(api, { ...purchase, vins, orderId });
  if (remitted !== undefined) {
    const slip = await api.upload('image', 'scans/customs-declaration.jpg', '银行回单.jpg');
    await api.send('post', `/api/purchase/${purchaseId}/remit`, { amount: String(remitted), bank_slips: slip });
  }
  await handToYard(api, purchaseId);
  if (setUp.toRelease) await setUp.toRelease(api, purchaseId);
  else {
    await skipCheckIn(api, purchaseId);
    for (const text of vins) await api.send('post', '/api/car/plateAdd', { vin: text, ...setUp.plating?.[text] });
    const { moved } = await api.send<{ moved: number }>('put', '/api/car/transferHandOver', {
      purchase_id: [purchaseId],
    });
    expect(moved).toBe(vins.length);
  }
  if (until === 'release') return { orderId, purchaseId };

  const files = setUp.documents ?? (await filingDocuments(api));
  await api.send('post', '/api/car/releaseAdd', {
    vin: vins,
    fxt_image: files.fxt_image,
    lc_image: files.lc_image,
    car_image: [],
  });
  await api.send('post', '/api/car/exportsAdd', {
    order_id: orderId,
    vin: vins,
    currency: 'USD',
    bgd_sn: setUp.declaration?.bgdSn ?? `BG-${setUp.orderNo}`,
    exports_date: setUp.declaration?.date ?? '2026-11-20',
    ...(setUp.declaration?.money === undefined ? {} : { exports_money: setUp.declaration.money }),
    xkz_image: files.xkz_image,
    bgzl_image: files.bgzl_image,
    bgd_image: files.bgd_image,
    td_image: files.td_image,
    car_image: [],
  });
  const { moved } = await api.send<{ moved: number }>('put', '/api/car/releaseHandOver', { purchase_id: [purchaseId] });
  expect(moved).toBe(vins.length);
  if (until === 'filing') return { orderId, purchaseId };

  await api.send('post', '/api/car/drawbackAdd', { order_id: orderId, vin: vins });
  await api.send('post', '/api/car/archiveAdd', { order_id: orderId, vin: vins, zxzm_image: files.zxzm_image });
  await api.send('post', '/api/car/freightAdd', {
    order_id: orderId,
    vin: vins,
    yffp_image: files.yffp_image,
    yffkd_image: files.yffkd_image,
    car_image: files.freightPhotos,
  });
  return { orderId, purchaseId };
}

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
