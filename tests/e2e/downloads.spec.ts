import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { read, utils } from 'xlsx';
import { ensureAdmin, login } from './support';
import { finishedContract } from './filing-support';
import { rowOf, screenshotTo, yardApi, type YardApi } from './yard-support';

/**
 * The finished contract's document zip (spec part 2, sections 2 and 8): an overseas contract whose two
 * vehicles went all the way — plated, let out on one pass, declared for export, refunded, deregistered
 * and their freight paid — is 已完成 on the filed list. The clerk clicks 下载, confirms, and the browser
 * saves the zip: one folder per vehicle for its plating, one per record for the pass, the declaration,
 * the deregistration and the freight, the contracts' own files, and the 清单 listing them all.
 */

const shots = '/tmp/shots-d';
const serial = String(Date.now()).slice(-8);
/** 17 characters, no I, O or Q. */
const vin = (row: number) => `LSVDZ${serial}${String(row).padStart(4, '0')}`;
const carA = vin(1);
const carB = vin(2);
const orderNo = `HW-ZIP-${serial}`;

/**
 * Every step through the API as the clerks' screens send them, to the finished contract: the overseas
 * contract with its agreement, the purchase contract with its file, carA's plating with its 行驶证 (carB's
 * without documents), one pass, one declaration, the three filing records.
 */
async function contractToZip(api: YardApi): Promise<void> {
  await finishedContract(api, {
    orderNo,
    vins: [carA, carB],
    customer: `Almaty Motors ${serial}`,
    order: { agreement: await api.upload('agreement', 'scans/contract-bundle.zip', '代理协议.zip') },
    purchase: {
      type: 1,
      purchaseNo: `CG-ZIP-${serial}`,
      seller: `宁波车行${serial}`,
      model: () => '大众帕萨特',
      contracts: [await api.upload('contract', 'scans/deregistration-certificate.pdf', '采购合同.pdf')],
    },
    plating: { [carA]: { xsz_image: await api.upload('document', 'scans/customs-declaration.jpg', '行驶证.jpg') } },
  });
}

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
});

test('the clerk downloads a finished contract’s documents as one zip and finds every file in it', async ({
  page,
  request,
}) => {
  await contractToZip(await yardApi(request));

  await page.goto('/filed/list');
  const filters = page.getByRole('search', { name: '归档筛选' });
  await filters.getByLabel('海外合同号').fill(orderNo);
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
  const card = rowOf(page, orderNo);
  await expect(card.getByText('已完成')).toBeVisible();

  await card.getByRole('button', { name: `海外合同 ${orderNo} 下载` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`确定要下载合同 ${orderNo} 的全部资料吗？`, { exact: false })).toBeVisible();
  await screenshotTo(page, shots, 'download-confirm');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /下\s?载/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${orderNo}-资料.zip`);
  await expect(page.getByText('下载完成')).toBeVisible();
  await screenshotTo(page, shots, 'download-done');

  const zip = await JSZip.loadAsync(await readFile((await download.path())!));
  const names = Object.values(zip.files)
    .filter((entry) => !entry.dir)
    .map((entry) => entry.name);
  const folder = (prefix: string) => names.filter((name) => name.startsWith(prefix));
  expect(names[0]).toBe('清单.xlsx');
  expect(folder('海外合同/')).toEqual(['海外合同/合同-1.pdf', '海外合同/协议.zip']);
  expect(folder('采购合同-')).toEqual([`采购合同-CG-ZIP-${serial}/合同-1.pdf`]);
  expect(folder(`${carA}/`)).toEqual([`${carA}/上牌/行驶证.jpg`]);
  expect(folder(`${carB}/`)).toEqual([]);
  // The records covering both vehicles, one folder each.
  const [pass] = folder('出库-').map((name) => name.split('/')[0]);
  expect(folder(`${pass}/`).map((name) => name.split('/')[1])).toEqual(['放行条.jpg', '离场照片.png']);
  const [declaration] = folder('出口-').map((name) => name.split('/')[0]);
  expect(folder(`${declaration}/`).map((name) => name.split('/')[1])).toEqual([
    '许可证.pdf',
    '报关资料.pdf',
    '报关单.jpg',
    '提单.pdf',
  ]);
  expect(folder('注销-').map((name) => name.split('/')[1])).toEqual(['注销证明.pdf']);
  expect(folder('运费-').map((name) => name.split('/')[1])).toEqual([
    '运费发票.pdf',
    '运费付款单.jpg',
    '其他照片-1.png',
  ]);
  expect(names).toHaveLength(1 + 2 + 1 + 1 + 2 + 4 + 1 + 3);

  // The 清单 lists every file with its vehicles, stage and uploaded name.
  const manifest = read(await zip.file('清单.xlsx')!.async('uint8array'), { type: 'array' });
  const rows = utils.sheet_to_json<Record<string, unknown>>(manifest.Sheets['清单']!, { raw: true });
  expect(rows.map((row) => row['压缩包内路径'])).toEqual(names.slice(1));
  expect(rows.find((row) => row['压缩包内路径'] === `${declaration}/报关单.jpg`)).toMatchObject({
    环节: '出口',
    资料: '报关单',
    车架号: `${carA}、${carB}`,
    上传文件名: '报关单.jpg',
    状态: '已打包',
  });
});
