import { expect, test, type Page } from '@playwright/test';
import type { ExportsRecord } from '../../contract/release-exports';
import { finishedContract } from './filing-support';
import { ensureAdmin, login } from './support';
import { dataOf, dropFiles, fixtures, formItem as item, scannedPage, screenshotTo, yardApi } from './yard-support';

/**
 * The export declaration (出口报关) as the customs clerk uses it (spec part 2, sections 2 and 5): an
 * overseas contract of thirty new cars, plated and handed to release. The empty form names the contract,
 * the vehicles and the four documents it needs; the contract is found by part of its number, three of its
 * cars declared (one found by VIN and taken with Enter) with the licence, customs materials, declaration
 * and bill of lading; then the declaration edited: one car swapped, the number corrected, the inspection
 * report added (5 of 6 documents).
 */

const shots = '/tmp/shots-a2';
const serial = String(Date.now()).slice(-8);
/** 17 characters, no I, O or Q. */
const vin = (row: number) => `LSVEX${serial}${String(row).padStart(4, '0')}`;
const cars = Array.from({ length: 30 }, (_, index) => vin(index + 1));
const orderNo = `HW-EX-${serial}`;

const pane = (page: Page, title: '待出口车辆' | '已选择') =>
  page.locator('.exports-form-page .ant-transfer-section', { has: page.getByText(title, { exact: true }) });
const vinsIn = (page: Page, title: '待出口车辆' | '已选择') => pane(page, title).locator('.vehicle-transfer-vin');
const save = (page: Page) =>
  page
    .locator('.exports-form-page')
    .getByRole('button', { name: /保\s*存/ })
    .click();

/** Scans as the clerk has them: PDFs, a photographed declaration, a Word bill of lading. */
const documents: Record<string, string> = {
  许可证: `${fixtures}/scans/deregistration-certificate.pdf`,
  报关资料: `${fixtures}/scans/customs-declaration.jpg`,
  提单: `${fixtures}/scans/deregistration-certificate.docx`,
  检测报告: `${fixtures}/scans/deregistration-certificate.pdf`,
};

async function uploadDocument(page: Page, label: string) {
  const slot = item(page.locator('.exports-form-page'), label);
  // The declaration photographed is dragged from the file manager; the others picked in the file dialog.
  if (label === '报关单') await dropFiles(page, slot, [{ ...scannedPage, name: '报关单.jpg' }]);
  else await slot.locator('input[type=file]').setInputFiles(documents[label]!);
  await expect(slot).toContainText(/\.(pdf|jpg|docx)/);
}

async function picture(page: Page, name: string) {
  await page.mouse.move(700, 160);
  await screenshotTo(page, shots, name);
}

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
});

test('a clerk declares three cars of a contract for export with its four documents, then edits the declaration', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Thirty new cars of the contract plated and handed to release (filing-support stops there).
  const api = await yardApi(request);
  const { orderId, purchaseId } = await finishedContract(api, {
    orderNo,
    vins: cars,
    customer: `迪拜汽车贸易${serial}`,
    purchase: {
      type: 1,
      purchaseNo: `CG-EX-${serial}`,
      seller: `宁波车行${serial}`,
      model: (index) => (index % 2 === 0 ? '丰田 卡罗拉 1.8L' : '比亚迪 汉 EV'),
    },
    until: 'release',
  });

  // The empty form says what it needs and sends nothing.
  await page.goto('/release/letout_add');
  const form = page.locator('.exports-form-page');
  await expect(form.getByText('请先选择海外合同')).toBeVisible();
  await save(page);
  for (const message of [
    '请先选择绑定海外合同号',
    '请先选择要出口的车辆',
    '请上传许可证',
    '请上传报关资料',
    '请上传报关单',
    '请上传提单',
  ])
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  await picture(page, 'exports-form-empty');

  // The contract found by part of its number; its thirty cars wait on the left.
  await form.getByLabel('海外合同号').fill(`EX-${serial}`);
  const option = page.locator('.ant-select-item-option', { hasText: orderNo });
  await expect(option).toBeVisible();
  await picture(page, 'exports-form-contract-search');
  await option.click();
  await expect(form.getByText(`客户：迪拜汽车贸易${serial}`)).toBeVisible();
  await expect(pane(page, '待出口车辆')).toContainText('30 台');

  // One car by VIN (Enter takes the one found), two more ticked and added.
  const [leftSearch] = await pane(page, '待出口车辆').getByPlaceholder('请输入车架号').all();
  await leftSearch!.fill(vin(7).slice(-6));
  await leftSearch!.press('Enter');
  await expect(vinsIn(page, '已选择')).toHaveText([vin(7)]);
  await leftSearch!.fill('');
  for (const row of [1, 2]) await pane(page, '待出口车辆').getByText(vin(row), { exact: true }).click();
  await form.getByRole('button', { name: /加\s*入/ }).click();
  await expect(vinsIn(page, '已选择')).toHaveText([vin(7), vin(1), vin(2)]);

  await form.getByLabel('报关单号').fill('BG-2026-77881');
  await form.getByLabel('出口日期').fill('2026-11-20');
  await form.getByLabel('出口日期').press('Enter');
  await form.getByLabel('出口金额').fill('45000.5');
  await form.getByText('CNY', { exact: true }).click();
  for (const label of ['许可证', '报关资料', '报关单', '提单']) await uploadDocument(page, label);
  await expect(form.getByText('已上传 4/6')).toBeVisible();
  await picture(page, 'exports-form-filled');
  await form.locator('.ant-card-head-title', { hasText: '报关资料' }).scrollIntoViewIfNeeded();
  await picture(page, 'exports-form-documents');
  await save(page);
  await expect(page.getByText('新建成功')).toBeVisible();

  // Saved as the clerk typed it (the release list may not be built yet: read it back).
  const [saved] = await dataOf<ExportsRecord[]>(
    await request.get(`/api/car/exportsRead?purchaseId=${purchaseId}`, { headers: api.headers }),
  );
  expect(saved).toMatchObject({
    order_id: orderId,
    order_no: orderNo,
    currency: 'CNY',
    bgd_sn: 'BG-2026-77881',
    exports_date: '2026-11-20',
    exports_money: 45000.5,
    rate: 67,
  });
  expect(saved!.exportscar.map((car) => car.vin).sort()).toEqual([vin(7), vin(1), vin(2)].sort());

  // The edit: the contract locked, the declared cars chosen, the 27 others waiting.
  await page.goto(`/release/letout_edit/${orderId}/${saved!.id}`);
  await expect(vinsIn(page, '已选择')).toHaveCount(3);
  await expect(form.getByLabel('海外合同号')).toBeDisabled();
  await expect(form.locator('.exports-contract-picker')).toContainText(orderNo);
  await expect(pane(page, '待出口车辆')).toContainText('27 台');
  await expect(form.getByLabel('报关单号')).toHaveValue('BG-2026-77881');
  await expect(form.getByLabel('出口金额')).toHaveValue('45,000.50');

  await pane(page, '已选择').getByText(vin(2), { exact: true }).click();
  await form.getByRole('button', { name: /移\s*出/ }).click();
  await pane(page, '待出口车辆').getByText(vin(30), { exact: true }).click();
  await form.getByRole('button', { name: /加\s*入/ }).click();
  await form.getByLabel('报关单号').fill('BG-2026-77882');
  await uploadDocument(page, '检测报告');
  await expect(form.getByText('已上传 5/6')).toBeVisible();
  await picture(page, 'exports-form-edit');
  await save(page);
  await expect(page.getByText('编辑成功')).toBeVisible();

  const edited = await dataOf<ExportsRecord>(
    await request.get(`/api/car/exportsRead?exportsId=${saved!.id}`, { headers: api.headers }),
  );
  expect(edited).toMatchObject({ bgd_sn: 'BG-2026-77882', rate: 83, jcbg_image: expect.any(String) });
  expect(edited.exportscar.map((car) => car.vin).sort()).toEqual([vin(1), vin(7), vin(30)].sort());
});
