import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { read, utils } from 'xlsx';
import { finishedContract } from './filing-support';
import { ensureAdmin, login } from './support';
import { screenshotTo, yardApi, type YardApi } from './yard-support';

/**
 * The release list (出口放行) as the customs clerk uses it (spec part 2, sections 2 and 4): an overseas
 * contract's three new cars wait in the release flow; two are declared for export and released, the
 * third is neither. The clerk finds the contract's group, reads each car's code, opens the purchase
 * contract's release detail (its declaration and its pass), hands the contract over to filing (移交成功!,
 * the third car kept with its reason) and sees only the third car left in the group. Other contracts'
 * few dozen cars wait in the list beside them.
 */

const shots = '/tmp/shots-a1';
const serial = String(Date.now()).slice(-8);
/** 17 characters, no I, O or Q. */
const vin = (prefix: string, row: number) => `${prefix}${serial}${String(row).padStart(4, '0')}`;
const carA = vin('LSVRL', 1);
const carB = vin('LSVRL', 2);
const carC = vin('LSVRL', 3);
const orderNo = `HW-RL-${serial}`;
const purchaseNo = `CG-RL-${serial}`;

const list = (page: Page) => page.locator('.release-list-page').filter({ visible: true });
const groupCars = (page: Page, contract: string) => list(page).getByLabel(`${contract} 的车辆`);
const carRow = (page: Page, contract: string, text: string) =>
  groupCars(page, contract).locator('tr', { has: page.getByText(text, { exact: true }) });

/** An overseas contract of these cars and its purchase contract of new cars at the release flow; their ids. */
const contractAtRelease = (api: YardApi, number: string, purchase: string, vins: string[]) =>
  finishedContract(api, {
    orderNo: number,
    vins,
    customer: `迪拜车行${number.slice(-6)}`,
    purchase: {
      type: 1,
      purchaseNo: purchase,
      seller: `宁波车行${serial}`,
      model: (index) => ['丰田 卡罗拉', '比亚迪 汉 EV', '大众 帕萨特'][index % 3]!,
    },
    until: 'release',
  });

test('a clerk finds a declared car in its contract’s group, opens the release detail and hands the contract to filing', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await ensureAdmin(request);
  const api = await yardApi(request);
  // Other contracts waiting beside this one (a page as a company's looks).
  for (let index = 1; index <= 3; index += 1) {
    const vins = Array.from({ length: 6 }, (_, row) => vin(`LSVR${'XYZ'[index - 1]}`, row + 1));
    await contractAtRelease(api, `HW-RB${index}-${serial}`, `CG-RB${index}-${serial}`, vins);
  }
  const { orderId } = await contractAtRelease(api, orderNo, purchaseNo, [carA, carB, carC]);

  // The customs clerk's declaration (four documents) and the yard's pass, for two of the three cars.
  const documents = {
    xkz_image: await api.upload('document', 'scans/deregistration-certificate.pdf', '许可证.pdf'),
    bgzl_image: await api.upload('document', 'scans/deregistration-certificate.pdf', '报关资料.pdf'),
    bgd_image: await api.upload('document', 'scans/customs-declaration.jpg', '报关单.jpg'),
    td_image: await api.upload('document', 'scans/customs-declaration.jpg', '提单.jpg'),
  };
  await api.send('post', '/api/car/exportsAdd', {
    order_id: orderId,
    vin: [carA, carB],
    currency: 'USD',
    bgd_sn: `3101${serial}`,
    exports_date: '2026-11-20',
    exports_money: '32000',
    ...documents,
    car_image: [],
  });
  await api.send('post', '/api/car/releaseAdd', {
    vin: [carA, carB],
    fxt_image: await api.upload('image', 'scans/customs-declaration.jpg', '放行条.jpg'),
    lc_image: await api.upload('image', 'scans/vehicle-exterior.png', '离场照片.png'),
    car_image: [],
  });

  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
  await page.goto('/release/list');
  await expect(groupCars(page, `HW-RB3-${serial}`)).toBeVisible();
  await screenshotTo(page, shots, '01-release-list');

  // The clerk's contract, found by its number.
  await list(page).getByLabel('海外合同号').fill(orderNo);
  await list(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(list(page).getByLabel(/的车辆$/)).toHaveCount(1);
  await expect(carRow(page, orderNo, carA)).toContainText('已出口/已放行');
  await expect(carRow(page, orderNo, carA)).toContainText('67%');
  await expect(carRow(page, orderNo, carA)).toContainText('2026-11-20');
  await expect(carRow(page, orderNo, carC)).toContainText('待出口/待放行');
  await expect(carRow(page, orderNo, carC)).toContainText('未报关');
  await expect(carRow(page, orderNo, carA).getByRole('button', { name: `编辑出口 ${carA}` })).toBeVisible();
  await expect(carRow(page, orderNo, carC).getByRole('button', { name: `编辑出口 ${carC}` })).toHaveCount(0);
  await screenshotTo(page, shots, '02-release-list-filtered');

  // 导出Excel: the filtered list as a workbook, one row a car, in Chinese, the codes in words.
  const downloading = page.waitForEvent('download');
  await list(page)
    .getByRole('button', { name: /导出Excel/ })
    .click();
  const workbook = await downloading;
  expect(workbook.suggestedFilename()).toMatch(/^出口放行列表-\d{8}\.xlsx$/);
  const book = read(readFileSync((await workbook.path())!));
  const sheet = utils.sheet_to_json<Record<string, unknown>>(book.Sheets['出口放行列表']!);
  expect(sheet.map((row) => [row['海外合同号'], row['车架号'], row['出口资料'], row['状态']])).toEqual([
    [orderNo, carA, '67%', '已出口/已放行'],
    [orderNo, carB, '67%', '已出口/已放行'],
    [orderNo, carC, undefined, '待出口/待放行'],
  ]);
  expect(sheet[0]).toMatchObject({ 采购合同号: purchaseNo, 车型车系: '丰田 卡罗拉', 采购数量: 3 });

  // The purchase contract's release detail: its declaration and its pass.
  await list(page).getByLabel(`放行详情 ${purchaseNo}`).click();
  await expect(page).toHaveURL(new RegExp(`/release/info/${orderId}/\\d+$`));
  const info = page.locator('.release-info-page').filter({ visible: true });
  await expect(info.getByText(purchaseNo).first()).toBeVisible();
  const declaration = info.getByLabel(/^出口报关 \d+$/);
  await expect(declaration).toContainText(`3101${serial}`);
  await expect(declaration).toContainText('已上传 4/6');
  await expect(declaration).toContainText(carB);
  await screenshotTo(page, shots, '03-release-info-exports');
  await info.getByRole('tab', { name: /出库记录（1）/ }).click();
  await expect(info.getByLabel(/^放行条 \d+$/)).toContainText(carA);
  await screenshotTo(page, shots, '04-release-info-releases');

  // 移交归档: the spec's question, then 移交成功! with the third car kept and why.
  await info.getByRole('button', { name: /移交归档/ }).click();
  const confirm = page
    .locator('.ant-modal')
    .filter({ hasText: '是否确定要将该采购合同下所有符合条件的车辆移交归档流程?' });
  await expect(confirm).toContainText('出口放行移交');
  await expect(confirm).toContainText(purchaseNo);
  await screenshotTo(page, shots, '05-hand-over-confirm');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  const answer = page.locator('.ant-modal').filter({ hasText: '移交成功!' });
  await expect(answer).toContainText('已移交 2 辆车。');
  await expect(answer).toContainText(carC);
  await screenshotTo(page, shots, '06-hand-over-answer');
  await answer.getByRole('button', { name: '知道了' }).click();

  // Back on the list, only the car still waiting stays in the group.
  await page.goto('/release/list');
  await list(page).getByLabel('海外合同号').fill(orderNo);
  await list(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(carRow(page, orderNo, carC)).toBeVisible();
  await expect(groupCars(page, orderNo).locator('tbody tr')).toHaveCount(1);
});
