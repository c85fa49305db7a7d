import { expect, test } from '@playwright/test';
import { ensureAdmin, login, pressInDialog } from './support';
import {
  dropFiles,
  exteriorPhoto,
  formItem as item,
  purchaseAtYard,
  rowOf,
  scannedPage,
  yardApi,
  type YardApi,
} from './yard-support';

/**
 * Check-in at the yard as a clerk does it (spec part 2, sections 2 to 5): a purchase contract handed over
 * to the yard, one of its vehicles checked in with photos dragged from the desktop onto the slots, seen on
 * the pickup list, edited, viewed, and handed to the registry with the other vehicle kept (尚未入库).
 */

const shots = '/tmp/shots-a';
const serial = String(Date.now()).slice(-8);
/** 17 characters, no I, O or Q. */
const vin = (prefix: string, row: number) => `${prefix}${serial}${String(row).padStart(4, '0')}`;
const carA = vin('LSVPK', 1);
const carB = vin('LSVPK', 2);
const purchaseNo = `E2E-RK-${serial}`;

/** A used-car purchase contract with these VINs, handed over to the yard (移交入库). */
const usedCarsAtYard = (api: YardApi, number: string, vins: string[]) =>
  purchaseAtYard(api, { type: 2, purchaseNo: number, vins, seller: `杭州车行${serial}` });

const exterior = exteriorPhoto;
const scan = { ...scannedPage, name: '车架号.jpg' };

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
});

test('a vehicle checked in with dragged photos, edited, viewed and handed to the registry', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await usedCarsAtYard(await yardApi(request), purchaseNo, [carA, carB]);

  await page.goto('/pickup/list');
  const filters = page.getByRole('search', { name: '入库出库筛选' });
  await filters.getByLabel('车架号').fill(serial);
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
  const rowA = rowOf(page, carA);
  await expect(rowA).toContainText('待出库');
  await expect(rowA).toContainText('未入库');
  await expect(rowA).toContainText(purchaseNo);

  // 入库 from the row: the form knows the vehicle.
  await rowA.getByRole('button', { name: `入库 ${carA}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/pickup/add\\?vin=${carA}$`));
  await expect(item(page, '车架号').locator('input')).toHaveValue(carA);

  // 保存 names every missing photo with the spec's words.
  await page.getByRole('button', { name: /保\s*存/ }).click();
  for (const text of ['请上传外观照片', '请上传车架号照片', '请上传其他照片'])
    await expect(page.locator('.ant-form-item-explain-error', { hasText: text })).toBeVisible();

  await item(page, '代理人').locator('input').fill('王代理');
  await dropFiles(page, item(page, '外观照片'), [exterior]);
  await expect(item(page, '外观照片').getByRole('button', { name: '删除 外观.png' })).toBeVisible();
  await dropFiles(page, item(page, '车架号照片'), [scan]);
  await expect(item(page, '车架号照片').getByRole('button', { name: '删除 车架号.jpg' })).toBeVisible();
  await dropFiles(page, item(page, '其他照片'), [
    { ...exterior, name: '左前.png' },
    { ...scan, name: '铭牌.jpg' },
  ]);
  await expect(item(page, '其他照片').getByRole('button', { name: /删除 (左前\.png|铭牌\.jpg)/ })).toHaveCount(2);
  await item(page, '备注').locator('textarea').fill('钥匙两把');
  await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await page.getByText('车辆信息', { exact: true }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/pickup-add.png` });
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新建成功')).toBeVisible();
  await expect(page).toHaveURL(/\/pickup\/list$/);

  // The list shows the check-in; the vehicle without one still offers 入库 and 免入库.
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(rowA).toContainText('王代理');
  await expect(rowA.getByRole('button', { name: `编辑入库 ${carA}`, exact: true })).toBeVisible();
  await expect(rowOf(page, carB).getByRole('button', { name: `免入库 ${carB}`, exact: true })).toBeVisible();

  // Edit: filled from the check-in; the photos stay.
  await rowA.getByRole('button', { name: `编辑入库 ${carA}`, exact: true }).click();
  await expect(page).toHaveURL(/\/pickup\/edit\/\d+$/);
  await expect(item(page, '备注').locator('textarea')).toHaveValue('钥匙两把');
  await expect(item(page, '其他照片').getByRole('button', { name: /删除/ })).toHaveCount(2);
  await item(page, '备注').locator('textarea').fill('钥匙两把，备胎一个');
  await page.getByText('车辆信息', { exact: true }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/pickup-edit.png` });
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('编辑成功')).toBeVisible();
  await expect(page).toHaveURL(/\/pickup\/list$/);

  // The detail page.
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
  await rowA.getByRole('button', { name: `入库详情 ${carA}`, exact: true }).click();
  await expect(page).toHaveURL(/\/pickup\/info\/\d+\/\d+\/\d+$/);
  const info = page.locator('.pickup-info-page');
  for (const text of [purchaseNo, '共采购 2 台', carA, '钥匙两把，备胎一个', '王代理'])
    await expect(info).toContainText(text);
  await expect(info.locator('img')).toHaveCount(4);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/pickup-info.png` });
  await info.locator('img').first().click();
  await expect(page.locator('.ant-image-preview')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /返\s*回/ }).click();

  // 移交车管: the contract is named, the checked-in vehicle moves and the other stays with its reason.
  await page.goto('/pickup/list');
  await filters.getByLabel('车架号').fill(serial);
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
  await rowA.getByRole('checkbox').check();
  await rowOf(page, carB).getByRole('checkbox').check();
  await page.getByRole('button', { name: /移交车管/ }).click();
  await expect(page.getByLabel('移交的采购合同')).toContainText(purchaseNo);
  await pressInDialog(page, '是否确定将以下 1 份采购合同');
  const kept = page.getByLabel('未移交的车辆');
  await expect(kept).toContainText('已移交 1 辆车');
  await expect(kept).toContainText(`${carB}：尚未入库`);
  await pressInDialog(page, '以下车辆未移交', /知道了/);
  await expect(rowA).toContainText('在车管');
  await expect(rowOf(page, carB)).toContainText('在入库');
});

test('a car another clerk checked in meanwhile: 保存 opens that check-in instead of replacing it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const car = vin('LSVPD', 1);
  const api = await yardApi(request);
  await usedCarsAtYard(api, `E2E-RKD-${serial}`, [car]);

  await page.goto(`/pickup/add?vin=${car}`);
  await expect(item(page, '车架号').locator('input')).toHaveValue(car);
  await item(page, '代理人').locator('input').fill('李代理');
  await dropFiles(page, item(page, '外观照片'), [exterior]);
  await dropFiles(page, item(page, '车架号照片'), [scan]);
  await dropFiles(page, item(page, '其他照片'), [{ ...exterior, name: '左前.png' }]);
  await expect(item(page, '其他照片').getByRole('button', { name: '删除 左前.png' })).toBeVisible();

  // Another clerk's check-in of the same car lands first.
  const photo = await api.upload('image', 'scans/vehicle-exterior.png', '外观.png');
  await api.send('post', '/api/car/entryAdd', {
    vin: car,
    dl_name: '王代理',
    vin_image: photo,
    wg_image: photo,
    car_image: [photo],
    remark: '先到的入库',
  });

  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(`车辆 ${car} 已有入库记录，请编辑原记录`).first()).toBeVisible();
  // The existing check-in opens for editing, filled from the server: nothing was replaced.
  await expect(page).toHaveURL(/\/pickup\/edit\/\d+$/);
  await expect(item(page, '备注').locator('textarea')).toHaveValue('先到的入库');
  await expect(item(page, '代理人').locator('input')).toHaveValue('王代理');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/pickup-add-existing.png` });
});

test('the pickup list with a few dozen vehicles at 1366×768', async ({ page, request }) => {
  test.setTimeout(90_000);
  const vins = Array.from({ length: 32 }, (_, index) => vin('LSVPL', index + 1));
  const many = `E2E-RKL-${serial}`;
  const api = await yardApi(request);
  const manyId = await usedCarsAtYard(api, many, vins);
  // A third of them checked in through the API, as the form would.
  const photo = await api.upload('image', 'scans/vehicle-exterior.png', '外观.png');
  for (const [index, text] of vins.entries()) {
    if (index % 3 !== 0) continue;
    await api.send('post', '/api/car/entryAdd', {
      vin: text,
      dl_name: index % 2 === 0 ? '王代理' : '浙江杭州长途车辆代理服务有限公司',
      vin_image: photo,
      wg_image: photo,
      car_image: [photo],
      remark: '',
    });
  }
  // A used-car contract taken through the registry and released on one pass: the newest rows read 已出库.
  const gone = Array.from({ length: 3 }, (_, index) => vin('LSVPR', index + 1));
  const goneId = await usedCarsAtYard(api, `E2E-RKR-${serial}`, gone);
  const send = (method: 'post' | 'put', path: string, data: unknown) => api.send(method, path, data);
  for (const text of gone)
    await send('post', '/api/car/entryAdd', {
      vin: text,
      dl_name: '王代理',
      vin_image: photo,
      wg_image: photo,
      car_image: [photo],
    });
  await send('put', '/api/car/entryHandOver', { purchase_id: [goneId] });
  for (const text of gone) await send('post', '/api/car/transferAdd', { vin: text, car_image: [] });
  await send('put', '/api/car/transferHandOver', { purchase_id: [goneId] });
  await send('post', '/api/car/releaseAdd', {
    vin: gone.slice(0, 2),
    fxt_image: photo,
    lc_image: photo,
    car_image: [],
  });

  await page.goto('/pickup/list');
  await expect(page.locator('.paged-table tr.ant-table-row')).toHaveCount(15);
  const released = rowOf(page, gone[0]!);
  await expect(released).toContainText('已出库');
  await expect(released.getByRole('button', { name: `编辑出库 ${gone[0]}`, exact: true })).toBeVisible();
  await expect(rowOf(page, gone[2]!)).toContainText('待出库');
  await expect(page.getByText(vins.at(-1)!, { exact: true })).toBeVisible();
  // No horizontal scroll at 1366: every column in view, the actions included.
  const table = page.locator('.paged-table .ant-table-content, .paged-table .ant-table-body').first();
  const overflow = await table.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/pickup-list.png` });

  // 免入库 for the rest of the contract, from its info page: every vehicle still at the yard moves on.
  await page.goto(`/purchase/info/${manyId}`);
  await page.getByRole('button', { name: `采购合同 ${many} 免入库`, exact: true }).click();
  await pressInDialog(page, `采购合同 ${many} 还有 32 辆车在入库环节`);
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(page.getByRole('button', { name: `采购合同 ${many} 免入库`, exact: true })).toHaveCount(0);
  await page.goto('/pickup/list');
  await expect(rowOf(page, vins.at(-1)!)).toContainText('在车管');
});
