import { expect, test, type Page } from '@playwright/test';
import { ensureAdmin, login } from './support';
import {
  dropFiles,
  exteriorPhoto,
  formItem as item,
  purchaseAtRelease,
  rowOf,
  scannedPage,
  screenshotTo,
  yardApi,
  type YardApi,
} from './yard-support';

/**
 * The release pass (车辆放行) as the yard clerk uses it (spec part 2, sections 2 and 5): two new cars of
 * one purchase contract, plated and handed to release, chosen on the pickup list and let out with one
 * pass (the slip and the departure photo dragged onto their slots), seen as 已出库 on the pickup list;
 * then the pass edited to drop one of them, which waits again (待出库). Another contract's few dozen
 * vehicles wait in the transfer list beside them.
 */

const shots = '/tmp/shots-c';
const serial = String(Date.now()).slice(-8);
/** 17 characters, no I, O or Q. */
const vin = (prefix: string, row: number) => `${prefix}${serial}${String(row).padStart(4, '0')}`;
const carA = vin('LSVRA', 1);
const carB = vin('LSVRA', 2);
const others = Array.from({ length: 30 }, (_, index) => vin('LSVRB', index + 1));

const pane = (page: Page, title: '待放行车辆' | '本次放行车辆') =>
  page.locator('.ant-transfer-section', { has: page.getByText(title, { exact: true }) });

/** New cars of one purchase contract, waiting for their release pass. */
const newCarsAtRelease = (api: YardApi, number: string, vins: string[]) =>
  purchaseAtRelease(api, { type: 1, purchaseNo: number, vins, seller: `宁波车行${serial}` });

const slip = { ...scannedPage, name: '放行条.jpg' };
const exterior = { ...exteriorPhoto, name: '离场.png' };

async function picture(page: Page, name: string) {
  // The pointer off the buttons: a hovered button is drawn paler.
  await page.mouse.move(700, 160);
  await page.waitForTimeout(100);
  await screenshotTo(page, shots, name);
}

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
});

test('two vehicles of one contract let out with one pass, seen on the pickup list, one dropped again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const purchaseNo = `E2E-FX-${serial}`;
  const api = await yardApi(request);
  await newCarsAtRelease(api, purchaseNo, [carA, carB]);
  await newCarsAtRelease(api, `E2E-FY-${serial}`, others);

  // The pickup list: both chosen, 车辆放行.
  await page.goto('/pickup/list');
  const filters = page.getByRole('search', { name: '入库出库筛选' });
  // The list opens afresh after each save (the form's tab closes back to it).
  const search = async () => {
    await filters.getByLabel('车架号').fill(`RA${serial}`);
    await filters.getByRole('button', { name: /搜\s*索/ }).click();
  };
  await search();
  for (const car of [carA, carB]) {
    await expect(rowOf(page, car)).toContainText('待出库');
    await rowOf(page, car).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: /车辆放行/ }).click();
  await expect(page).toHaveURL(/\/release\/letpass_add\?car=\d+,\d+$/);
  const batch = new URL(page.url()).search;

  // The form: both preselected on the right under their purchase contract; the other contract's vehicles
  // wait on the left under theirs, free to join (an add makes one pass per purchase contract).
  const chosen = pane(page, '本次放行车辆');
  const waiting = pane(page, '待放行车辆');
  await expect(chosen.getByText(carA)).toBeVisible();
  await expect(chosen.getByText(carB)).toBeVisible();
  await expect(chosen.locator('.release-pass-group-name')).toHaveText([`采购合同 ${purchaseNo}`]);
  await expect(waiting.getByText(others[29]!)).toBeVisible();
  await expect(waiting.getByText(`采购合同 E2E-FY-${serial}`, { exact: true })).toBeVisible();
  await expect(waiting.locator('li.ant-transfer-list-content-item', { hasText: others[29]! })).not.toHaveClass(
    /disabled/,
  );
  await expect(page.getByText('一张放行条只能放行同一采购合同的车辆')).toHaveCount(0);
  await expect(page.locator('.release-pass-count')).toHaveCount(0);

  // 保存 names the missing slip and photo with the spec's words.
  await page.getByRole('button', { name: /保\s*存/ }).click();
  for (const text of ['请上传放行条', '请上传离场照片'])
    await expect(page.locator('.ant-form-item-explain-error', { hasText: text })).toBeVisible();

  await dropFiles(page, item(page, '放行条'), [slip]);
  await expect(item(page, '放行条').getByRole('button', { name: '删除 放行条.jpg' })).toBeVisible();
  await dropFiles(page, item(page, '离场照片'), [exterior]);
  await expect(item(page, '离场照片').getByRole('button', { name: '删除 离场.png' })).toBeVisible();
  await dropFiles(page, item(page, '其他照片'), [
    { ...exterior, name: '出场左前.png' },
    { ...slip, name: '出门单.jpg' },
  ]);
  await expect(item(page, '其他照片').getByRole('button', { name: /删除 (出场左前\.png|出门单\.jpg)/ })).toHaveCount(2);
  await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await page.evaluate('window.scrollTo(0, 0)');
  await picture(page, 'release-pass-add');
  await item(page, '其他照片').scrollIntoViewIfNeeded();
  await picture(page, 'release-pass-add-documents');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新建成功')).toBeVisible();
  await expect(page).toHaveURL(/\/pickup\/list$/);

  // The pickup list: both 已出库, with the pass's time.
  await search();
  for (const car of [carA, carB]) await expect(rowOf(page, car)).toContainText('已出库');

  // 编辑出库: the pass's vehicles on the right; carB goes back.
  await rowOf(page, carA)
    .getByRole('button', { name: `编辑出库 ${carA}`, exact: true })
    .click();
  await expect(page).toHaveURL(/\/release\/letpass_edit\/\d+$/);
  await expect(chosen.getByText(carB)).toBeVisible();
  await expect(page.getByText(purchaseNo, { exact: true })).toBeVisible();
  await expect(item(page, '放行条').getByRole('button', { name: '删除 放行条.jpg' })).toBeVisible();
  // A pass keeps its purchase contract: the other contract's vehicles are locked, and the list says why.
  await expect(waiting.locator('li.ant-transfer-list-content-item', { hasText: others[29]! })).toHaveClass(/disabled/);
  await expect(waiting.getByText('一张放行条只能放行同一采购合同的车辆')).toBeVisible();
  await picture(page, 'release-pass-edit');
  await chosen.locator('li.ant-transfer-list-content-item', { hasText: carB }).click();
  await page.getByRole('button', { name: '移出' }).click();
  await expect(waiting.getByText(carB)).toBeVisible();
  await expect(chosen.getByText(carB)).toHaveCount(0);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('编辑成功')).toBeVisible();
  await expect(page).toHaveURL(/\/pickup\/list$/);

  await search();
  await expect(rowOf(page, carA)).toContainText('已出库');
  await expect(rowOf(page, carB)).toContainText('待出库');

  // The same batch again: the released one is refused with the spec's words, the other is chosen.
  await page.goto(`/release/letpass_add${batch}`);
  await expect(page.locator('.release-pass-refused')).toContainText(`${carA}：已出库的车辆不能再次出库`);
  await expect(chosen.getByText(carB)).toBeVisible();
  await expect(chosen.getByText(carA)).toHaveCount(0);
  await picture(page, 'release-pass-batch-refused');
});

test('cars of two purchase contracts let out together: one pass each from one slip uploaded once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await yardApi(request);
  const first = [vin('LSVRC', 1), vin('LSVRC', 2)];
  const second = [vin('LSVRD', 1)];
  await newCarsAtRelease(api, `E2E-FC-${serial}`, first);
  await newCarsAtRelease(api, `E2E-FD-${serial}`, second);

  await page.goto('/release/letpass_add');
  const chosen = pane(page, '本次放行车辆');
  const waiting = pane(page, '待放行车辆');
  // Each contract's header ticks its cars at once.
  await waiting.getByLabel(`选择采购合同 E2E-FC-${serial}的全部车辆`).check();
  await waiting.getByLabel(`选择采购合同 E2E-FD-${serial}的全部车辆`).check();
  await page.getByRole('button', { name: '加入' }).click();
  for (const car of [...first, ...second]) await expect(chosen.getByText(car)).toBeVisible();
  // Newest first, as the left pane lists them.
  await expect(chosen.locator('.release-pass-group-name')).toHaveText([
    `采购合同 E2E-FD-${serial}`,
    `采购合同 E2E-FC-${serial}`,
  ]);
  await expect(page.locator('.release-pass-count')).toContainText(
    '所选车辆属于 2 份采购合同，将按采购合同生成 2 张放行条',
  );
  await dropFiles(page, item(page, '放行条'), [slip]);
  await dropFiles(page, item(page, '离场照片'), [exterior]);
  await expect(item(page, '离场照片').getByRole('button', { name: '删除 离场.png' })).toBeVisible();
  await page.evaluate('window.scrollTo(0, 0)');
  await picture(page, 'release-pass-two-contracts');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新建成功，已生成 2 张放行条')).toBeVisible();
  await expect(page.getByText('一张放行条只能放行同一采购合同的车辆')).toHaveCount(0);

  // The pickup list: all three 已出库 (the server's tests read the two passes and their shared slip).
  await page.goto('/pickup/list');
  const filters = page.getByRole('search', { name: '入库出库筛选' });
  for (const [prefix, cars] of [
    ['LSVRC', first],
    ['LSVRD', second],
  ] as const) {
    await filters.getByLabel('车架号').fill(`${prefix}${serial}`);
    await filters.getByRole('button', { name: /搜\s*索/ }).click();
    for (const car of cars) await expect(rowOf(page, car)).toContainText('已出库');
  }
});
