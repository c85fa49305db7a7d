import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { read, utils } from 'xlsx';
import { ensureAdmin, login } from './support';
import { finishedContract } from './filing-support';
import { dataOf, fixtures, screenshotTo, shown, yardApi } from './yard-support';

/**
 * What a contract earned, recorded through the screens (issue 26): the administrator sets the month's USD
 * book rate on 记账汇率; the clerk collects the contract's two receipts and enters what the bank settled,
 * records the freight with its amount and the tax refund, adds the refund's amount later from the
 * contract's record view; the 利润 tab, the vehicle file and 利润报表 then read the profit and the exchange
 * gain computed here by hand. The contract and its purchase reach filing through the API, as the earlier
 * screens would.
 *
 * By hand (DOMAIN.md "Profit"): a USD contract of two cars at 20,000 each (total 40,000), book rate 7.1.
 * Receipt 1: 24,000 settled at 171,000.00 → 汇兑损益 171,000 − 24,000 × 7.1 = +600.00.
 * Receipt 2: 16,000 settled at 113,300.00 → 113,300 − 113,600 = −300.00. On the contract: +300.00.
 * Revenue 284,300.00 (receipts reach the total: nothing estimated), 142,150.00 a car (equal prices).
 * Costs: each car's purchase price 100,000.00. Freight 3,000.01 on both cars: 1,500.01 for the first car
 * (the cent left over goes to the lowest car id), 1,500.00 for the second. Tax refund 26,000.00 by purchase
 * price: 13,000.00 each. Profit: 142,150 + 13,000 − 100,000 − 1,500.01 = 53,649.99 and 53,650.00;
 * the contract 107,299.99; margin 107,299.99 ÷ 284,300 = 0.3774 (37.74%), the same for each car.
 */

const shots = '/tmp/26r-shots';
const serial = String(Date.now()).slice(-8);
const vin = (row: number) => `LSVPF${serial}${String(row).padStart(4, '0')}`;
const carA = vin(1);
const carB = vin(2);
const orderNo = `E2E-LR-${serial}`;

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

async function collect(page: Page, amount: string, receiptNo: string) {
  await shown(page, '.overseas-detail-page')
    .locator('.ant-card-head', { hasText: '收款记录' })
    .getByRole('button', { name: /收\s*款$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '收款' });
  await dialog.getByLabel('金额').fill(amount);
  await dialog.getByLabel('收款单号').fill(receiptNo);
  await dialog.getByLabel('收款日期').fill('2026-11-20');
  await dialog.getByLabel('收款日期').press('Enter');
  await dialog.locator('input[type=file]').setInputFiles(`${fixtures}/scans/customs-declaration.jpg`);
  await expect(dialog.getByRole('img', { name: /customs-declaration\.jpg/ })).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
}

async function settle(page: Page, receiptNo: string, settlement: string) {
  await shown(page, '.overseas-detail-page')
    .getByRole('button', { name: `编辑收款 ${receiptNo}` })
    .click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('结汇金额') });
  await dialog.getByLabel('结汇金额').fill(settlement);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
}

const save = (page: Page, scope: string) =>
  shown(page, scope)
    .getByRole('button', { name: /保\s*存$/ })
    .click();

const cellsOf = (row: Locator) => row.locator('td');

test('the book rate, two receipts settled, the freight and the tax refund give the profit and the exchange gain computed by hand', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const api = await yardApi(request);
  const { orderId } = await finishedContract(api, {
    orderNo,
    vins: [carA, carB],
    customer: `利润客户${serial}`,
    order: { pricePerCar: 20_000 },
    purchase: { type: 1, purchaseNo: `CG-LR-${serial}`, seller: `车行${serial}` },
    until: 'filing',
  });
  // The month whose rate the contract uses (its creation, in the server's time zone).
  const { month } = await dataOf<{ month: string }>(
    await request.get(`/api/order/${orderId}/profit`, { headers: api.headers }),
  );

  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);

  // 记账汇率: the month's USD rate.
  await page.goto('/setting/rates');
  const rates = shown(page, '.rates-page');
  await rates.getByRole('button', { name: /新增记账汇率/ }).click();
  const rateDialog = page.getByRole('dialog', { name: '新增记账汇率' });
  await rateDialog.getByPlaceholder('请选择月份').fill(month);
  await rateDialog.getByPlaceholder('请选择月份').press('Enter');
  await rateDialog.getByLabel('记账汇率').fill('7.1');
  await screenshotTo(page, shots, '01-rate-dialog');
  await rateDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(rates.locator('tr', { hasText: month })).toContainText('7.1');
  await screenshotTo(page, shots, '02-rates');

  // The contract's receipts, then what the bank settled for each.
  await page.goto(`/overseas/info/${orderId}`);
  await collect(page, '24000', `SK-${serial}-1`);
  await collect(page, '16000', `SK-${serial}-2`);
  await settle(page, `SK-${serial}-1`, '171000');
  await settle(page, `SK-${serial}-2`, '113300');

  // Before freight and refund: estimated, and why.
  const detail = shown(page, '.overseas-detail-page');
  await detail.getByRole('tab', { name: '利润' }).click();
  const summary = detail.getByLabel('合同利润');
  await expect(summary).toContainText('预估');
  await expect(summary.locator('.profit-reason')).toHaveText(['运费未录入', '退税未录入']);
  await screenshotTo(page, shots, '03-profit-estimated');

  // The freight with its amount, on both cars.
  await page.goto(`/filed/freight_add/${orderId}`);
  const freight = shown(page, '.filing-freight-form');
  await expect(freight.locator('.ant-transfer-section').nth(1)).toContainText(carB);
  await freight.getByLabel('运费金额（CNY）').fill('3000.01');
  await screenshotTo(page, shots, '04-freight-form');
  await save(page, '.filing-freight-form');
  await expect(page.getByText('新建成功')).toBeVisible();

  // The tax refund without its amount (not known yet) …
  await page.goto(`/filed/tax_add/${orderId}`);
  const refund = shown(page, '.filing-drawback-form');
  await expect(refund.locator('.ant-transfer-section').nth(1)).toContainText(carB);
  await save(page, '.filing-drawback-form');
  await expect(page.getByText('新建成功')).toBeVisible();

  // … added later from the contract's record view.
  await page.goto(`/overseas/info/${orderId}`);
  const records = shown(page, '.overseas-detail-page');
  await expect(records.getByRole('article', { name: '退税记录 1' })).toContainText('退税金额未录入');
  await records.getByRole('link', { name: '编辑退税记录 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/filed/tax_edit/${orderId}/\\d+$`));
  const refundEdit = shown(page, '.filing-drawback-form');
  await expect(refundEdit.getByText('编辑退税')).toBeVisible();
  await refundEdit.getByLabel('退税金额（CNY）').fill('26000');
  await screenshotTo(page, shots, '05-refund-edit');
  await save(page, '.filing-drawback-form');
  await expect(page.getByText('编辑成功')).toBeVisible();

  // The 利润 tab: final, each car and the contract as computed above.
  await page.goto(`/overseas/info/${orderId}`);
  const profitPage = shown(page, '.overseas-detail-page');
  await profitPage.getByRole('tab', { name: '利润' }).click();
  const cars = profitPage.getByLabel('车辆利润');
  await expect(cellsOf(cars.locator('tr', { hasText: carA }))).toHaveText([
    new RegExp(carA),
    '142,150.00',
    '100,000.00',
    '1,500.01',
    '13,000.00',
    '53,649.99',
    '37.74%',
    '最终',
  ]);
  await expect(cellsOf(cars.locator('tr', { hasText: carB })).nth(5)).toHaveText('53,650.00');
  await expect(cellsOf(cars.locator('.profit-total-row'))).toHaveText([
    '合计（2 台）',
    '284,300.00',
    '200,000.00',
    '3,000.01',
    '26,000.00',
    '107,299.99',
    '37.74%',
    '最终',
  ]);
  const receipts = profitPage.getByLabel('收款汇兑损益');
  await expect(receipts.locator('tr', { hasText: `SK-${serial}-1` }).locator('.fx-gain')).toHaveText('+600.00');
  await expect(receipts.locator('tr', { hasText: `SK-${serial}-1` }).locator('.fx-gain')).toHaveClass(/fx-gain-gain/);
  await expect(receipts.locator('tr', { hasText: `SK-${serial}-2` }).locator('.fx-gain')).toHaveText('-300.00');
  await expect(receipts.locator('tr', { hasText: `SK-${serial}-2` }).locator('.fx-gain')).toHaveClass(/fx-gain-loss/);
  await expect(receipts.locator('.fx-total-row .fx-gain')).toHaveText('+300.00');
  await expect(profitPage.getByLabel('合同利润')).toContainText('最终');
  await screenshotTo(page, shots, '06-profit-final');
  await receipts.scrollIntoViewIfNeeded();
  await screenshotTo(page, shots, '07-profit-receipts');

  // 详情's receipts carry the same 汇兑损益 under each settlement, and the sum in the card's head.
  await profitPage.getByRole('tab', { name: '详情' }).click();
  // The innermost card holding the title (the page's own card holds it too).
  const receiptCard = profitPage.locator('.ant-card', { has: page.getByText('收款记录（2）') }).last();
  await expect(receiptCard.locator('.receipt-fx-total')).toHaveText('汇兑损益合计 +300.00');
  await expect(receiptCard.locator('tr', { hasText: `SK-${serial}-2` }).locator('.receipt-fx-gain')).toHaveText(
    '-300.00',
  );
  await receiptCard.scrollIntoViewIfNeeded();
  await screenshotTo(page, shots, '07b-detail-receipts');
  await profitPage.getByRole('tab', { name: '利润' }).click();

  // The first car's own figures in its vehicle file (its VIN opens it).
  await cars.getByRole('link', { name: carA }).click();
  await expect(page).toHaveURL(/\/vehicle\/\d+$/);
  const figures = shown(page, '.vehicle-file-page').locator('.vehicle-profit');
  await expect(figures).toContainText('53,649.99');
  await expect(figures).toContainText('37.74%');
  await expect(figures).toContainText('1,500.01');
  await expect(figures).toContainText('最终');
  await figures.scrollIntoViewIfNeeded();
  await screenshotTo(page, shots, '08-vehicle-figures');

  // 利润报表 over the contract's month: its row, final, with the profit and the exchange gain.
  await page.goto('/report/profit');
  const report = shown(page, '.profit-report-page');
  const filters = report.getByRole('search', { name: '利润报表筛选' });
  await filters.getByPlaceholder('开始日期').click();
  await filters.getByPlaceholder('开始日期').fill(`${month}-01`);
  await filters.getByPlaceholder('开始日期').press('Enter');
  const [year = 0, monthNumber = 0] = month.split('-').map(Number);
  const lastDay = new Date(year, monthNumber, 0).getDate();
  await filters.getByPlaceholder('结束日期').fill(`${month}-${lastDay}`);
  await filters.getByPlaceholder('结束日期').press('Enter');
  await filters.getByLabel('客户').fill(`利润客户${serial}`);
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
  const row = report.locator('.paged-table tr.ant-table-row', { hasText: orderNo });
  await expect(cellsOf(row)).toHaveText([
    orderNo,
    `利润客户${serial}`,
    '哈萨克斯坦',
    '2',
    '284,300.00',
    '200,000.00',
    '3,000.01',
    '26,000.00',
    '107,299.99',
    '37.74%',
    '+300.00',
    '最终',
  ]);
  await expect(report.locator('.profit-report-totals')).toContainText('合计（1 个合同）');
  await expect(report.getByRole('img', { name: '按月利润图' }).locator('svg')).toBeVisible();
  await screenshotTo(page, shots, '09-report');

  // 导出Excel: the same row in the workbook, under the period and the time it was made.
  const downloading = page.waitForEvent('download');
  await report.getByRole('button', { name: /导出Excel/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `利润报表-${month.replace('-', '')}01-${month.replace('-', '')}${lastDay}.xlsx`,
  );
  const book = read(await readFile((await download.path())!), { type: 'buffer' });
  const sheet = utils.sheet_to_json<unknown[]>(book.Sheets['利润报表']!, { header: 1, raw: false });
  const lines = sheet.map((cells) => cells.map((cell) => String(cell ?? '')).join(' | '));
  expect(lines[0]).toContain('海外合同号 | 客户 | 国家');
  expect(lines[1]).toContain(`统计期间：${month}-01 至 ${month}-${lastDay}`);
  expect(lines[2]).toMatch(/生成时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  const exported = lines.find((line) => line.includes(orderNo));
  expect(exported).toMatch(/107,?299\.99/);
  expect(exported).toMatch(/284,?300(\.00)?/);
});
