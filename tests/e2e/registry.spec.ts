import { expect, test, type Page } from '@playwright/test';
import { createOrderThroughApi, ensureAdmin, login, pressInDialog } from './support';
import {
  dataOf,
  filterRegistryVin as filterVin,
  fixtures,
  formItem as item,
  purchaseInRegistry,
  registryRow as rowOf,
  registryRows as listRows,
  screenshotTo,
  shown,
  yardApi,
  type YardApi,
} from './yard-support';

/**
 * The registry (车管) as a clerk uses it (spec part 2, section 2): a new car plated over two visits
 * (4 of its 8 documents, then the rest), a used car transferred, and both purchase contracts handed to
 * release and export, the vehicle without a plating staying behind with its reason. The vehicles get
 * there through the API as the earlier screens would: purchase → 移交入库 → 免入库.
 */

const shots = '/tmp/shots-b';
const serial = String(Date.now()).slice(-7);
/** 17 characters, no I, O or Q. */
const vin = (prefix: string, row: number) => `LSV${prefix}${serial}${String(row).padStart(6, '0')}`.slice(0, 17);

const shot = (page: Page, name: string) => screenshotTo(page, shots, name);

/** A purchase contract of these cars (type 1 new, 2 used) with its contract file, at the registry. */
async function carsInRegistry(client: YardApi, type: 1 | 2, purchaseNo: string, vins: string[]): Promise<number> {
  const contract = await client.upload('contract', 'scans/deregistration-certificate.pdf', '采购合同.pdf');
  return purchaseInRegistry(client, {
    type,
    purchaseNo,
    vins,
    seller: `杭州车行${serial}`,
    contracts: [contract],
    model: (index) => (type === 1 ? `比亚迪 汉 EV ${index + 1}` : `丰田 卡罗拉 2019款`),
  });
}

const upload = async (page: Page, label: string, fixture: string) => {
  await item(shown(page, '.registry-form-page'), label)
    .locator('input[type=file]')
    .setInputFiles(`${fixtures}/${fixture}`);
  await expect(item(shown(page, '.registry-form-page'), label).getByRole('button', { name: /^删除 / })).toHaveCount(1, {
    timeout: 15_000,
  });
};

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
});

test('a new car plated over two visits, a used car transferred, both handed to release', async ({ page, request }) => {
  test.setTimeout(120_000);
  const client = await yardApi(request);
  const newCars = [vin('N', 1), vin('N', 2)];
  const usedCar = vin('U', 1);
  const newNo = `CG-N-${serial}`;
  const usedNo = `CG-U-${serial}`;
  await carsInRegistry(client, 1, newNo, newCars);
  await carsInRegistry(client, 2, usedNo, [usedCar]);

  // A clutter of other vehicles, for the list's screenshots (a few dozen on each tab).
  for (const [type, prefix] of [
    [1, 'A'],
    [2, 'B'],
  ] as const) {
    await carsInRegistry(
      client,
      type,
      `CG-${prefix}-${serial}`,
      Array.from({ length: 18 }, (_, index) => vin(prefix, index + 1)),
    );
  }

  // Some of them part-way through their documents.
  const scan = await client.upload('document', 'scans/customs-declaration.jpg', '扫描件.jpg');
  const plateFields = [
    'xsz_image',
    'djz_image',
    'lp_image',
    'fp_image',
    'hgz_image',
    'ycxzs_image',
    'hbqd_image',
    'bx_image',
  ];
  const transferFields = ['djz_image', 'lp_image', 'usedcar_invoices_image', 'zzs_invoices_image', 'xsz_image'];
  for (let index = 1; index <= 8; index += 1) {
    const plate = Object.fromEntries(plateFields.slice(0, index).map((field) => [field, scan]));
    await client.send('post', '/api/car/plateAdd', { vin: vin('A', 18 - index), ...plate });
    const transfer = Object.fromEntries(transferFields.slice(0, index % 6).map((field) => [field, scan]));
    await client.send('post', '/api/car/transferAdd', { vin: vin('B', 18 - index), ...transfer });
  }

  await page.goto('/dmv/list');
  await expect(page.getByRole('tab', { name: '待上牌' })).toHaveAttribute('aria-selected', 'true');
  await expect(rowOf(page, vin('A', 18))).toBeVisible();
  await shot(page, '01-list-plate-tab');
  await page.getByRole('tab', { name: '待过户' }).click();
  await expect(rowOf(page, vin('B', 18))).toBeVisible();
  await shot(page, '01-list-transfer-tab');
  await page.getByRole('tab', { name: '待上牌' }).click();

  // First visit: 4 of the 8 documents.
  await filterVin(page, newCars[0]!);
  await expect(listRows(page)).toHaveCount(1);
  await expect(rowOf(page, newCars[0]!).getByText('未上牌')).toBeVisible();
  await rowOf(page, newCars[0]!)
    .getByRole('button', { name: `新增上牌 ${newCars[0]}` })
    .click();
  await expect(page).toHaveURL(/\/dmv\/lincense_add\/0\/\d+\/\d+$/);
  await expect(shown(page, '.registry-form-page').getByRole('combobox', { name: '车架号' })).toHaveValue(newCars[0]!);
  await expect(shown(page, '.page').getByLabel('资料上传进度')).toContainText('已上传 0/8');
  await upload(page, '行驶证', 'scans/customs-declaration.jpg');
  await upload(page, '登记证书', 'scans/deregistration-certificate.pdf');
  await upload(page, '临时牌照', 'scans/vehicle-exterior.png');
  await upload(page, '新车发票', 'scans/deregistration-certificate.docx');
  await expect(shown(page, '.page').getByLabel('资料上传进度')).toContainText('已上传 4/8');
  await shown(page, '.registry-form-page').getByLabel('预约日期').click();
  await shown(page, '.registry-form-page').getByLabel('预约日期').fill('2026-12-01');
  await page.keyboard.press('Enter');
  await shot(page, '02-plate-form-4-of-8');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新建成功')).toBeVisible();
  await expect(page).toHaveURL(/\/dmv\/list/);
  await filterVin(page, newCars[0]!);
  await expect(rowOf(page, newCars[0]!).getByLabel('上牌资料')).toHaveText('4/8');

  // Second visit: the other four; the first four stay.
  await rowOf(page, newCars[0]!)
    .getByRole('button', { name: `编辑上牌 ${newCars[0]}` })
    .click();
  await expect(page).toHaveURL(/\/dmv\/lincense_edit\/\d+$/);
  await expect(shown(page, '.page').getByLabel('资料上传进度')).toContainText('已上传 4/8');
  await upload(page, '合格证', 'scans/customs-declaration.jpg');
  await upload(page, '一致性证书', 'scans/deregistration-certificate.pdf');
  await upload(page, '环保清单', 'scans/vehicle-exterior.png');
  await upload(page, '保险单', 'scans/deregistration-certificate.pdf');
  await expect(shown(page, '.page').getByLabel('资料上传进度')).toContainText('已上传 8/8');
  await shot(page, '03-plate-form-8-of-8');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('编辑成功')).toBeVisible();
  await filterVin(page, newCars[0]!);
  await expect(rowOf(page, newCars[0]!).getByLabel('上牌资料')).toHaveText('8/8');

  // The detail page: contract, customer, count, the eight documents.
  await rowOf(page, newCars[0]!)
    .getByRole('button', { name: `上牌详情 ${newCars[0]}` })
    .click();
  await expect(page).toHaveURL(/\/dmv\/lincense_info\/0\/\d+\/\d+$/);
  await expect(shown(page, '.registry-info-page').getByText(newNo)).toBeVisible();
  await expect(shown(page, '.registry-info-page').getByText('共采购 2 台')).toBeVisible();
  await expect(shown(page, '.registry-info-page').getByText('2026-12-01')).toBeVisible();
  await expect(shown(page, '.page').getByLabel('资料上传进度')).toContainText('已上传 8/8');
  await expect(shown(page, '.registry-info-page').getByText('未上传')).toHaveCount(1); // only 其他照片
  await shot(page, '04-plate-info');
  await page.getByRole('button', { name: /返\s*回/ }).click();

  // Hand the new cars' contract over: the plated car moves, the other stays with its reason.
  await page.goto('/dmv/list');
  await filterVin(page, newCars[1]!);
  await expect(listRows(page)).toHaveCount(1);
  await rowOf(page, newCars[1]!)
    .getByRole('button', { name: `移交出口 ${newNo}` })
    .click();
  await expect(page.getByLabel('移交的采购合同')).toContainText(newNo);
  await pressInDialog(page, '移交出口');
  const result = page.getByRole('dialog').filter({ hasText: '未移交' });
  await expect(result).toContainText(newCars[1]!);
  await expect(result).toContainText('尚未上牌或过户');
  await shot(page, '05-hand-over-kept');
  await result.getByRole('button', { name: '知道了' }).click();
  // After a hand-over the transfer tab shows (spec part 2, section 2).
  await expect(page.getByRole('tab', { name: '待过户' })).toHaveAttribute('aria-selected', 'true');

  // The used car: five documents.
  await filterVin(page, usedCar);
  await rowOf(page, usedCar)
    .getByRole('button', { name: `新增过户 ${usedCar}` })
    .click();
  await expect(page).toHaveURL(/\/dmv\/transfer_add\/0\/\d+\/\d+$/);
  await expect(shown(page, '.registry-form-page').getByRole('combobox', { name: '车架号' })).toHaveValue(usedCar);
  await upload(page, '登记证书', 'scans/deregistration-certificate.pdf');
  await upload(page, '临时牌照', 'scans/vehicle-exterior.png');
  await upload(page, '二手车发票', 'scans/customs-declaration.jpg');
  await upload(page, '增值税发票', 'scans/deregistration-certificate.pdf');
  await upload(page, '行驶证', 'scans/vehicle-exterior.png');
  await item(shown(page, '.registry-form-page'), '其他照片')
    .locator('input[type=file]')
    .setInputFiles(`${fixtures}/scans/vehicle-exterior.png`);
  await expect(shown(page, '.page').getByLabel('资料上传进度')).toContainText('已上传 5/5');
  await shot(page, '06-transfer-form');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新建成功')).toBeVisible();
  await filterVin(page, usedCar);
  await expect(rowOf(page, usedCar).getByLabel('过户资料')).toHaveText('5/5');
  await rowOf(page, usedCar)
    .getByRole('button', { name: `过户详情 ${usedCar}` })
    .click();
  await expect(page).toHaveURL(/\/dmv\/transfer_info\/0\/\d+\/\d+$/);
  await expect(shown(page, '.registry-info-page').getByText(usedNo)).toBeVisible();
  await expect(shown(page, '.registry-info-page').getByText('共采购 1 台')).toBeVisible();
  await shot(page, '07-transfer-info');
  // A picture opens in the preview.
  await shown(page, '.registry-info-page').locator('.file-preview img').first().click();
  await expect(page.locator('.ant-image-preview-img, .ant-image-preview-body img').first()).toBeVisible();
  await shot(page, '08-transfer-preview');
  await page.keyboard.press('Escape');

  await page.goto('/dmv/list?tab=2');
  await filterVin(page, usedCar);
  await rowOf(page, usedCar).getByRole('checkbox').check();
  await page
    .getByRole('button', { name: /移交出口/ })
    .first()
    .click();
  await pressInDialog(page, '移交出口');
  await expect(page.getByText('移交成功!')).toBeVisible();
  // Handed on: the registry no longer lists it (issue 24 point 5), on either tab.
  await expect(rowOf(page, usedCar)).toHaveCount(0);
  await filterVin(page, usedCar);
  await expect(page.getByText('没有符合条件的车辆，请修改车架号或点击“重置”')).toBeVisible();
  await page.getByRole('tab', { name: '待上牌' }).click();
  await filterVin(page, newCars[0]!);
  await expect(page.getByText('没有符合条件的车辆，请修改车架号或点击“重置”')).toBeVisible();
  await filterVin(page, newCars[1]!);
  await expect(rowOf(page, newCars[1]!)).toBeVisible();
  await expect(page.getByText(/已移交/)).toHaveCount(0);
});

test('one overseas contract’s new and used cars handed to release at once, from either tab', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const client = await yardApi(request);
  const newCar = vin('P', 1);
  const usedCar = vin('W', 1);
  const orderNo = `E2E-RO-${serial}`;
  await createOrderThroughApi(client.request, {
    orderNo,
    customerName: `阿拉木图汽车 ${serial}`,
    vins: [newCar, usedCar],
  });
  const [order] = await dataOf<Array<{ id: number; order_no: string }>>(
    await client.request.get(`/api/order/search?order_no=${orderNo}`, { headers: client.headers }),
  );
  for (const [type, purchaseNo, car] of [
    [1, `CG-P-${serial}`, newCar],
    [2, `CG-W-${serial}`, usedCar],
  ] as const) {
    await purchaseInRegistry(client, {
      type,
      purchaseNo,
      vins: [car],
      seller: `宁波车行${serial}`,
      orderId: order!.id,
    });
  }
  await client.send('post', '/api/car/plateAdd', { vin: newCar });
  await client.send('post', '/api/car/transferAdd', { vin: usedCar });

  // From the new car's row on 待上牌: the used car's contract on 待过户 goes with it.
  await page.goto('/dmv/list');
  await filterVin(page, newCar);
  await expect(listRows(page)).toHaveCount(1);
  await shot(page, '10-list-order-hand-over');
  await rowOf(page, newCar)
    .getByRole('button', { name: `按海外合同移交 ${orderNo}` })
    .click();
  const confirm = page.getByRole('dialog').filter({ has: page.getByLabel('移交的海外合同') });
  await expect(confirm).toContainText(`是否确定将海外合同 ${orderNo} 的全部采购合同（新车和二手车）`);
  await shot(page, '11-order-hand-over-confirm');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('移交成功!')).toBeVisible();
  // Both tabs were handed over: the clerk stays on 待上牌, where neither tab lists the cars any more.
  await expect(page.getByRole('tab', { name: '待上牌' })).toHaveAttribute('aria-selected', 'true');
  await filterVin(page, newCar);
  await expect(page.getByText('没有符合条件的车辆，请修改车架号或点击“重置”')).toBeVisible();
  await page.getByRole('tab', { name: '待过户' }).click();
  await filterVin(page, usedCar);
  await expect(page.getByText('没有符合条件的车辆，请修改车架号或点击“重置”')).toBeVisible();
  // Both wait at release now, under their overseas contract.
  await page.goto('/release/list');
  const filters = page.getByRole('search', { name: '出口放行筛选' });
  await filters.getByLabel('海外合同号').fill(orderNo);
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
  const cars = page.getByRole('table', { name: `${orderNo} 的车辆` });
  for (const car of [newCar, usedCar]) await expect(cars.getByText(car)).toBeVisible();
  await shot(page, '12-release-list-group');
});
