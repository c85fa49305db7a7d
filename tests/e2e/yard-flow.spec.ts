import { expect, test, type Locator, type Page } from '@playwright/test';
import { createOrderThroughApi, ensureAdmin, login, pressInDialog } from './support';
import {
  createPurchase,
  dataOf,
  dropFiles,
  exteriorPhoto,
  filterRegistryVin,
  fixtures,
  formItem,
  registryList,
  registryRow,
  registryRows,
  rowOf,
  scannedPage,
  searchPickups,
  shown,
  yardApi,
  type DroppedFile,
} from './yard-support';

/**
 * The yard's whole story as its clerks live it (issue 10): one overseas contract bought through two
 * purchase contracts, a new car and a used car, handed over to the yard. The yard clerk checks both in
 * with photos dragged from the desktop and hands them to the registry; the registry clerk plates the new
 * car over two visits (4/8, then 8/8), transfers the used car (5/5) and hands both contracts to release
 * and export; the yard clerk lets each out on a pass of its own (one pass cannot hold two contracts'
 * vehicles) and finds them by their release date. Only the contracts are set up through the API.
 */

const serial = String(Date.now()).slice(-8);
/** 17 characters, no I, O or Q; the serial finds this spec's vehicles among other specs' leftovers. */
const newCar = `LSVYN${serial}0001`;
const usedCar = `LSVYU${serial}0001`;
const orderNo = `E2E-YF-${serial}`;
const newNo = `CG-YFN-${serial}`;
const usedNo = `CG-YFU-${serial}`;

const save = (page: Page) => page.getByRole('button', { name: /保\s*存/ }).click();

/** 保存, and the toast saying so: an earlier save's toast has gone first, so this one is the form's own. */
async function saveSeeing(page: Page, text: '新建成功' | '编辑成功') {
  await expect(page.getByText(text, { exact: true })).toHaveCount(0);
  await save(page);
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

/** Drops one file on the labelled slot of `scope` and waits until it is uploaded (the slot offers to delete it). */
async function dropInto(page: Page, scope: Page | Locator, label: string, file: DroppedFile, filled = 1) {
  const slot = formItem(scope, label);
  await dropFiles(page, slot, [file]);
  await expect(slot.getByRole('button', { name: /^删除 / })).toHaveCount(filled, { timeout: 15_000 });
}

const doc = (fixture: string, name: string, type: string): DroppedFile => ({
  path: `${fixtures}/scans/${fixture}`,
  name,
  type,
});
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The cell of `row` under the list's column headed `title`. */
async function cellOf(page: Page, row: Locator, title: string): Promise<Locator> {
  const headers = await page.locator('.paged-table thead th').filter({ visible: true }).allInnerTexts();
  const at = headers.findIndex((text) => text.trim() === title);
  expect(at, `column ${title} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(at);
}

/** Today and yesterday where the clerks are (the browser runs in Asia/Shanghai). */
const dayInShanghai = (offsetDays = 0) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

/** The pickup list's 出库时间 range, as the clerk picks it: the start day, the end day, 搜索. */
async function releasedBetween(page: Page, from: string, to: string) {
  const filters = page.getByRole('search', { name: '入库出库筛选' });
  const range = formItem(filters, '出库时间');
  await range.getByPlaceholder('开始日期').click();
  await range.getByPlaceholder('开始日期').fill(from);
  await range.getByPlaceholder('开始日期').press('Enter');
  await range.getByPlaceholder('结束日期').fill(to);
  await range.getByPlaceholder('结束日期').press('Enter');
  await expect(range.getByPlaceholder('开始日期')).toHaveValue(from);
  await expect(range.getByPlaceholder('结束日期')).toHaveValue(to);
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
}

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
});

test('a new car and a used car of one overseas contract: checked in, plated and transferred, released each on its own pass', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);

  // The contracts, as the sales and purchasing clerks leave them: one overseas contract, bought through a
  // new-car and a used-car purchase contract, both handed over to the yard (移交入库 for the overseas contract).
  const api = await yardApi(request);
  await createOrderThroughApi(request, {
    orderNo,
    customerName: `阿拉木图车行${serial}`,
    vins: [newCar, usedCar],
  });
  const [order] = await dataOf<Array<{ id: number; order_no: string }>>(
    await request.get(`/api/order/search?order_no=${orderNo}`, { headers: api.headers }),
  );
  expect(order?.order_no).toBe(orderNo);
  const seller = `杭州车行${serial}`;
  const newId = await createPurchase(api, {
    type: 1,
    purchaseNo: newNo,
    vins: [newCar],
    seller,
    orderId: order!.id,
    model: () => '比亚迪 汉 EV',
  });
  const usedId = await createPurchase(api, {
    type: 2,
    purchaseNo: usedNo,
    vins: [usedCar],
    seller,
    orderId: order!.id,
  });
  await api.send('put', `/api/purchase/${newId}/batchHandOver`);

  // 1. Check-in: the new car from 车辆入库 with the VIN search box, the used car from its row's 入库.
  await page.goto('/pickup/list');
  await searchPickups(page, serial);
  for (const car of [newCar, usedCar]) {
    await expect(rowOf(page, car)).toContainText('待出库');
    await expect(rowOf(page, car)).toContainText('未入库');
  }
  await page.getByRole('button', { name: /车辆入库/ }).click();
  await expect(page).toHaveURL(/\/pickup\/add$/);
  const vinBox = formItem(page, '车架号').getByRole('combobox');
  await vinBox.fill(newCar.slice(-9));
  // The suggestion shows the typed text highlighted; antd's list item is what the clerk clicks.
  const suggestion = page.locator(`.ant-select-item-option[title="${newCar}"]`);
  await expect(suggestion.locator('mark')).toHaveText(newCar.slice(-9));
  await suggestion.click();
  await expect(vinBox).toHaveValue(newCar);
  await formItem(page, '代理人').getByRole('textbox').fill('王代理');
  await dropInto(page, page, '外观照片', exteriorPhoto);
  await dropInto(page, page, '车架号照片', { ...scannedPage, name: '车架号.jpg' });
  await dropFiles(page, formItem(page, '其他照片'), [
    { ...exteriorPhoto, name: '左前.png' },
    { ...scannedPage, name: '铭牌.jpg' },
  ]);
  await expect(formItem(page, '其他照片').getByRole('button', { name: /^删除 / })).toHaveCount(2);
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/pickup\/list$/);

  await searchPickups(page, serial);
  await rowOf(page, usedCar)
    .getByRole('button', { name: `入库 ${usedCar}`, exact: true })
    .click();
  await expect(formItem(page, '车架号').getByRole('combobox')).toHaveValue(usedCar);
  await formItem(page, '代理人').getByRole('textbox').fill('李代理');
  await dropInto(page, page, '外观照片', exteriorPhoto);
  await dropInto(page, page, '车架号照片', { ...scannedPage, name: '车架号.jpg' });
  await dropInto(page, page, '其他照片', { ...exteriorPhoto, name: '右后.png' });
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/pickup\/list$/);

  await searchPickups(page, serial);
  for (const [car, agent] of [
    [newCar, '王代理'],
    [usedCar, '李代理'],
  ] as const) {
    await expect(await cellOf(page, rowOf(page, car), '代理人')).toHaveText(agent);
    await expect(await cellOf(page, rowOf(page, car), '状态')).toContainText('待出库');
    await expect(await cellOf(page, rowOf(page, car), '入库时间')).toContainText(dayInShanghai());
  }

  // 2. 移交车管 for both: the confirmation names both purchase contracts; everything moves.
  for (const car of [newCar, usedCar]) await rowOf(page, car).getByRole('checkbox').check();
  await page.getByRole('button', { name: /移交车管/ }).click();
  await expect(page.getByLabel('移交的采购合同')).toContainText(newNo);
  await expect(page.getByLabel('移交的采购合同')).toContainText(usedNo);
  await pressInDialog(page, '是否确定将以下 2 份采购合同');
  await expect(page.getByText('移交成功!')).toBeVisible();
  for (const car of [newCar, usedCar]) await expect(rowOf(page, car)).toContainText('在车管');

  // 3. The registry, 待上牌: the new car plated with four documents, then the other four on a second visit.
  await page.goto('/dmv/list');
  await expect(page.getByRole('tab', { name: '待上牌' })).toHaveAttribute('aria-selected', 'true');
  await filterRegistryVin(page, newCar);
  await expect(registryRows(page)).toHaveCount(1);
  await registryRow(page, newCar)
    .getByRole('button', { name: `新增上牌 ${newCar}` })
    .click();
  // The link carries the vehicle's overseas contract, purchase contract and id.
  await expect(page).toHaveURL(new RegExp(`/dmv/lincense_add/${order!.id}/${newId}/\\d+$`));
  const form = shown(page, '.registry-form-page');
  const progress = shown(page, '.page').getByLabel('资料上传进度');
  await expect(form.getByRole('combobox', { name: '车架号' })).toHaveValue(newCar);
  await dropInto(page, form, '行驶证', { ...scannedPage, name: '行驶证.jpg' });
  await dropInto(page, form, '登记证书', doc('deregistration-certificate.pdf', '登记证书.pdf', PDF));
  await dropInto(page, form, '临时牌照', { ...exteriorPhoto, name: '临时牌照.png' });
  await dropInto(page, form, '新车发票', doc('deregistration-certificate.docx', '新车发票.docx', DOCX));
  await expect(progress).toContainText('已上传 4/8');
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/dmv\/list/);
  await filterRegistryVin(page, newCar);
  await expect(registryRow(page, newCar).getByLabel('上牌资料')).toHaveText('4/8');

  await registryRow(page, newCar)
    .getByRole('button', { name: `编辑上牌 ${newCar}` })
    .click();
  await expect(page).toHaveURL(/\/dmv\/lincense_edit\/\d+$/);
  await expect(progress).toContainText('已上传 4/8');
  await dropInto(page, form, '合格证', { ...scannedPage, name: '合格证.jpg' });
  await dropInto(page, form, '一致性证书', doc('deregistration-certificate.pdf', '一致性证书.pdf', PDF));
  await dropInto(page, form, '环保清单', { ...exteriorPhoto, name: '环保清单.png' });
  await dropInto(page, form, '保险单', doc('deregistration-certificate.pdf', '保险单.pdf', PDF));
  await expect(progress).toContainText('已上传 8/8');
  await saveSeeing(page, '编辑成功');
  await filterRegistryVin(page, newCar);
  await expect(registryRow(page, newCar).getByLabel('上牌资料')).toHaveText('8/8');

  // 4. 待过户: the used car transferred with its five documents.
  await page.getByRole('tab', { name: '待过户' }).click();
  await filterRegistryVin(page, usedCar);
  await expect(registryRows(page)).toHaveCount(1);
  await registryRow(page, usedCar)
    .getByRole('button', { name: `新增过户 ${usedCar}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dmv/transfer_add/${order!.id}/${usedId}/\\d+$`));
  await expect(form.getByRole('combobox', { name: '车架号' })).toHaveValue(usedCar);
  await dropInto(page, form, '登记证书', doc('deregistration-certificate.pdf', '登记证书.pdf', PDF));
  await dropInto(page, form, '临时牌照', { ...exteriorPhoto, name: '临时牌照.png' });
  await dropInto(page, form, '二手车发票', { ...scannedPage, name: '二手车发票.jpg' });
  await dropInto(page, form, '增值税发票', doc('deregistration-certificate.pdf', '增值税发票.pdf', PDF));
  await dropInto(page, form, '行驶证', { ...scannedPage, name: '行驶证.jpg' });
  await expect(progress).toContainText('已上传 5/5');
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/dmv\/list/);
  await page.getByRole('tab', { name: '待过户' }).click();
  await filterRegistryVin(page, usedCar);
  await expect(registryRow(page, usedCar).getByLabel('过户资料')).toHaveText('5/5');

  // 5. 移交出口: the used car's contract from its row, the new car's with the row chosen and the button.
  await registryRow(page, usedCar)
    .getByRole('button', { name: `移交出口 ${usedNo}` })
    .click();
  await expect(page.getByLabel('移交的采购合同')).toContainText(usedNo);
  await pressInDialog(page, '移交出口');
  await expect(page.getByText('移交成功!')).toBeVisible();
  await filterRegistryVin(page, usedCar);
  await expect(registryRow(page, usedCar)).toContainText('已移交出库报关');

  await page.getByRole('tab', { name: '待上牌' }).click();
  await filterRegistryVin(page, newCar);
  await registryRow(page, newCar).getByRole('checkbox').check();
  await registryList(page)
    .getByRole('button', { name: /移交出口/ })
    .first()
    .click();
  await expect(page.getByLabel('移交的采购合同')).toContainText(newNo);
  await pressInDialog(page, '移交出口');
  // After a hand-over the list shows its transfer tab.
  await expect(page.getByRole('tab', { name: '待过户' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: '待上牌' }).click();
  await filterRegistryVin(page, newCar);
  await expect(registryRow(page, newCar)).toContainText('已移交出库报关');

  // 6. Release: both chosen on the pickup list go to one pass, which refuses two purchase contracts;
  // each then leaves on its own pass.
  await page.goto('/pickup/list');
  await searchPickups(page, serial);
  for (const car of [newCar, usedCar]) await rowOf(page, car).getByRole('checkbox').check();
  await page.getByRole('button', { name: /车辆放行/ }).click();
  await expect(page).toHaveURL(/\/release\/letpass_add\?car=\d+,\d+$/);
  const chosen = page.locator('.ant-transfer-section', { has: page.getByText('本次放行车辆', { exact: true }) });
  await expect(chosen.getByText(newCar)).toBeVisible();
  await expect(chosen.getByText(usedCar)).toBeVisible();
  await save(page);
  await expect(
    page.locator('.ant-form-item-explain-error', { hasText: '一张放行条只能放行同一采购合同的车辆' }),
  ).toBeVisible();
  // The used car waits for its own pass.
  await chosen.locator('li', { hasText: usedCar }).click();
  await page.getByRole('button', { name: '移出' }).click();
  await expect(chosen.getByText(usedCar)).toHaveCount(0);
  await expect(page.locator('.ant-form-item-explain-error', { hasText: '一张放行条' })).toHaveCount(0);
  await dropInto(page, page, '放行条', { ...scannedPage, name: '放行条.jpg' });
  await dropInto(page, page, '离场照片', { ...exteriorPhoto, name: '离场.png' });
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/pickup\/list$/);

  await searchPickups(page, serial);
  await expect(rowOf(page, newCar)).toContainText('已出库');
  await expect(rowOf(page, usedCar)).toContainText('待出库');
  await expect(page.getByLabel('已选车辆')).toHaveCount(0);
  await rowOf(page, usedCar).getByRole('checkbox').check();
  await page.getByRole('button', { name: /车辆放行/ }).click();
  await expect(page).toHaveURL(/\/release\/letpass_add\?car=\d+$/);
  await expect(chosen.getByText(usedCar)).toBeVisible();
  await expect(chosen.getByText(newCar)).toHaveCount(0);
  await dropInto(page, page, '放行条', { ...scannedPage, name: '放行条.jpg' });
  await dropInto(page, page, '离场照片', { ...exteriorPhoto, name: '离场.png' });
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/pickup\/list$/);

  // 7. Both 已出库 with today's release time, and the 出库时间 filter finds them (and not on another day).
  await searchPickups(page, serial);
  for (const car of [newCar, usedCar]) {
    await expect(await cellOf(page, rowOf(page, car), '状态')).toContainText('已出库');
    await expect(await cellOf(page, rowOf(page, car), '出库时间')).toContainText(dayInShanghai());
  }
  await releasedBetween(page, dayInShanghai(-1), dayInShanghai(-1));
  await expect(rowOf(page, newCar)).toHaveCount(0);
  await expect(rowOf(page, usedCar)).toHaveCount(0);
  await page
    .getByRole('search', { name: '入库出库筛选' })
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await releasedBetween(page, dayInShanghai(), dayInShanghai());
  await searchPickups(page, serial);
  for (const car of [newCar, usedCar]) await expect(rowOf(page, car)).toContainText('已出库');
});
