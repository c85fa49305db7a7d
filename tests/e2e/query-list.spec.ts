import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { read, utils } from 'xlsx';
import type { Report } from '../../contract/filed-period-report';
import { createOrderThroughApi, ensureAdmin, login } from './support';
import {
  dataOf,
  purchaseAtRelease,
  purchaseInRegistry,
  screenshotTo,
  shown,
  yardApi,
  type YardApi,
} from './yard-support';
import { finishedContract } from './filing-support';

/**
 * 档案查询 as a manager uses it (spec part 2, sections 2 and 5): an overseas contract's two vehicles went
 * all the way (bought on a new-car contract with a remittance, 免入库, plated without documents, let out,
 * declared with four of six documents, refunded, deregistered, freighted: the contract is finished),
 * beside two contracts still at the registry and at release. The manager finds one finished vehicle by
 * the last six characters of its VIN and reads its eight tags, runs the report for today and reads its
 * figures, exports the trade income and expense workbook and reads the contract's row, and opens the
 * vehicle's business information page.
 */

const shots = '/tmp/shots-a';
const serial = String(Date.now()).slice(-8);
/** The other contracts' vehicles: 17 characters, no I, O or Q, the serial reversed (their VINs never hold carA's tail). */
const reversed = [...serial].reverse().join('');
const vin = (prefix: string, row: number) => `${prefix}${reversed}${String(row).padStart(4, '0')}`;
/** carA ends in this run's serial: its last six characters find it alone; carB is its contract's other. */
const carA = `LSVDA0001${serial}`;
const carB = vin('LSVDA', 2);
const orderNo = `E2E-DA-${serial}`;
const REMITTED = 150_000;
/** Today in the server's time zone: the period of the contracts made here. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

async function orderIdOf(api: YardApi, number: string): Promise<number> {
  const [order] = await dataOf<Array<{ id: number; order_no: string }>>(
    await api.request.get(`/api/order/search?order_no=${number}`, { headers: api.headers }),
  );
  expect(order?.order_no).toBe(number);
  return order!.id;
}

/** The finished contract, through the API as the clerks' screens send it (a remittance on its purchase). */
const finished = (api: YardApi) =>
  finishedContract(api, {
    orderNo,
    vins: [carA, carB],
    customer: `阿拉木图汽车 ${serial}`,
    purchase: { type: 1, purchaseNo: `CG-DA-${serial}`, seller: `杭州车行${serial}`, remitted: REMITTED },
    declaration: { date: today },
  });

/** Two more contracts of a dozen vehicles each, at the registry and at release (the list a manager sees). */
async function otherContracts(api: YardApi) {
  for (const [index, stage] of [
    [1, 'registry'],
    [2, 'release'],
  ] as const) {
    const number = `E2E-DA${index}-${serial}`;
    const vins = Array.from({ length: 12 }, (_, row) => vin(`LSVD${'BC'[index - 1]}`, row + 1));
    await createOrderThroughApi(api.request, { orderNo: number, customerName: `塔什干贸易${index}号`, vins });
    const orderId = await orderIdOf(api, number);
    const purchase = {
      type: index === 1 ? (2 as const) : (1 as const),
      purchaseNo: `CG-DA${index}-${serial}`,
      vins,
      seller: `宁波车行${index}号`,
      orderId,
    };
    if (stage === 'registry') await purchaseInRegistry(api, purchase);
    else await purchaseAtRelease(api, purchase);
  }
}

const list = (page: Page) => shown(page, '.query-list-page');
const filters = (page: Page) => list(page).getByRole('search', { name: '档案查询筛选' });
const rows = (page: Page) => list(page).locator('.paged-table tr.ant-table-row');

async function pickPeriod(page: Page, from: string, to: string) {
  const bar = filters(page);
  await bar.getByPlaceholder('开始日期').click();
  await bar.getByPlaceholder('开始日期').fill(from);
  await bar.getByPlaceholder('开始日期').press('Enter');
  await bar.getByPlaceholder('结束日期').fill(to);
  await bar.getByPlaceholder('结束日期').press('Enter');
  await expect(bar.getByPlaceholder('结束日期')).toHaveValue(to);
}

async function picture(page: Page, name: string) {
  await page.mouse.move(1340, 740);
  await screenshotTo(page, shots, name);
}

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
});

test('a finished vehicle found by its VIN tail, the period report read and its workbook opened', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await yardApi(request);
  await otherContracts(api);
  const { orderId } = await finished(api);

  await page.goto('/filed/query_list');
  await expect(rows(page)).toHaveCount(15);
  await expect(list(page).getByText(vin('LSVDC', 12))).toBeVisible();
  await picture(page, 'query-list');

  // The last six characters of carA's VIN find it alone.
  await filters(page).getByLabel('车架号').fill(carA.slice(-6));
  await filters(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText(carA);
  // 免入库 (no check-in), a plating without documents, no transfer (new car), the rest complete.
  await expect(row.getByRole('list', { name: `车辆 ${carA} 的状态` }).getByRole('listitem')).toHaveText([
    '入库',
    '上牌',
    '出库',
    '过户',
    '出口',
    '退税',
    '注销',
    '运费',
  ]);
  const tagStates = await row
    .getByRole('listitem')
    .evaluateAll((tags) =>
      tags.map(
        (tag) => `${tag.getAttribute('aria-label')} ${/ant-tag-(success|warning)/.exec(tag.className)?.[1] ?? 'grey'}`,
      ),
    );
  expect(tagStates).toEqual([
    '入库：未办理 grey',
    '上牌：资料不全 warning',
    '出库：已完成 success',
    '过户：未办理 grey',
    '出口：已完成 success',
    '退税：已完成 success',
    '注销：已完成 success',
    '运费：已完成 success',
  ]);
  // Four of the declaration's six documents; no transfer record.
  await expect(row.locator('td').nth(3)).toHaveText('67%');
  await expect(row.locator('td').nth(4)).toHaveText('—');
  await expect(row).toContainText(orderNo);
  await expect(row).toContainText(`新车 CG-DA-${serial}`);

  // The report of today: the figures the server counts, on the dialog's cards.
  await pickPeriod(page, today, today);
  const counted = await dataOf<Report>(
    await request.get(`/api/order/report?start_time=${today}&end_time=${today}`, { headers: api.headers }),
  );
  expect(counted.orderNum).toBeGreaterThanOrEqual(3);
  expect(counted.carComplete).toBeGreaterThanOrEqual(2);
  await filters(page)
    .getByRole('button', { name: /查询报表/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `查询报表（${today} 至 ${today}）` });
  await expect(dialog.getByLabel('合同数')).toContainText(`${counted.orderNum}份`);
  await expect(dialog.getByLabel('车辆数')).toContainText(`${counted.carNum}台`);
  await expect(dialog.getByLabel('归档完成')).toContainText(`${counted.carComplete}台`);
  await expect(dialog.getByLabel('已退税')).toContainText(`${counted.carDrawback}台`);
  await expect(dialog.getByLabel('美元合同金额')).toContainText(
    counted.orderUsd.toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  await picture(page, 'period-report');
  await dialog
    .getByRole('button', { name: /关\s*闭/ })
    .last()
    .click();
  await expect(dialog).toBeHidden();

  // The workbook: this contract's row, in its currency and in CNY, and a totals row per currency.
  const downloading = page.waitForEvent('download');
  await filters(page)
    .getByRole('button', { name: /导出报表/ })
    .click();
  const download = await downloading;
  const compact = today.replaceAll('-', '');
  expect(download.suggestedFilename()).toBe(`贸易收支报表-${compact}-${compact}.xlsx`);
  const book = read(readFileSync((await download.path())!));
  expect(book.SheetNames).toEqual(['贸易收支报表']);
  const sheet = utils.sheet_to_json<Record<string, unknown>>(book.Sheets['贸易收支报表']!, { raw: true });
  expect(sheet.find((line) => line['海外合同号'] === orderNo)).toMatchObject({
    客户: `阿拉木图汽车 ${serial}`,
    币种: 'USD',
    '合同金额（合同币种）': 20_000,
    '已收款（合同币种）': 0,
    '结汇金额（CNY）': 0,
    // Two cars bought at 100,000 each; the remittance wholly theirs (the purchase holds only them).
    '采购成本（CNY）': 200_000,
    '已付款（CNY）': REMITTED,
    车辆数: 2,
    已完成: 2,
    已退税: 2,
    已注销: 2,
    运费已完成: 2,
  });
  expect(sheet.slice(-2).map((line) => line['海外合同号'])).toEqual(['合计（USD）', '合计（CNY）']);
  expect(Number(sheet.at(-2)!['合同金额（合同币种）'])).toBe(counted.orderUsd);

  // 详情 opens the vehicle on its contract's business information page.
  await row.getByRole('button', { name: `车辆 ${carA} 详情` }).click();
  await expect(page).toHaveURL(new RegExp(`/filed/info/${orderId}\\?car=\\d+$`));
});

test('a dashboard stage count opens exactly the vehicles it counts, the stage named until it is dropped', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await yardApi(request);
  // Two finished vehicles, and one of another contract still at the registry.
  const done = [vin('LSVDE', 1), vin('LSVDE', 2)];
  const waiting = vin('LSVDF', 1);
  await finishedContract(api, {
    orderNo: `E2E-DE-${serial}`,
    vins: done,
    customer: `比什凯克汽车 ${serial}`,
    purchase: { type: 1, purchaseNo: `CG-DE-${serial}`, seller: `温州车行${serial}` },
  });
  await createOrderThroughApi(api.request, {
    orderNo: `E2E-DF-${serial}`,
    customerName: `杜尚别贸易 ${serial}`,
    vins: [waiting],
  });
  await purchaseInRegistry(api, {
    type: 2,
    purchaseNo: `CG-DF-${serial}`,
    vins: [waiting],
    seller: `台州车行${serial}`,
    orderId: await orderIdOf(api, `E2E-DF-${serial}`),
  });

  await page.goto('/dashboard');
  const count = page.getByRole('list', { name: '业务统计' }).getByRole('link', { name: /^归档完成：\d+，/ });
  const counted = Number(/：(\d+)，/.exec((await count.getAttribute('aria-label')) ?? '')?.[1]);
  expect(counted).toBeGreaterThanOrEqual(2);
  await count.click();
  await expect(page).toHaveURL(/\/filed\/query_list\?stage=complete$/);
  await expect(list(page).getByText('筛选：归档完成', { exact: true })).toBeVisible();
  // The count's cars, as many as it said.
  await expect(list(page).getByText(`共 ${counted} 条`)).toBeVisible();
  await picture(page, 'query-list-stage');

  // Within the stage, the bar's filters: the finished contract's two, and not the one at the registry.
  const byVin = async (text: string) => {
    await filters(page).getByLabel('车架号').fill(text);
    await filters(page)
      .getByRole('button', { name: /搜\s*索/ })
      .click();
  };
  await byVin(`LSVDE${reversed}`);
  await expect(rows(page)).toHaveCount(2);
  await byVin(waiting);
  await expect(list(page).getByText('暂无数据：没有符合条件的车辆', { exact: false })).toBeVisible();
  await expect(rows(page)).toHaveCount(0);

  // ×: every vehicle again, the one at the registry among them.
  await list(page).getByRole('button', { name: '清除环节筛选' }).click();
  await expect(page).toHaveURL(/\/filed\/query_list$/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(waiting);
});
