import { expect, test } from '@playwright/test';
import type { DashboardCounts } from '../../contract/dashboard';
import { finishedContract, transferPane } from './filing-support';
import { ensureAdmin, login } from './support';
import {
  dataOf,
  filterRegistryVin,
  fixtures,
  formItem,
  registryRow,
  screenshotTo,
  shown,
  skipCheckIn,
  yardApi,
} from './yard-support';

/**
 * Deadlines as a clerk meets them (issue 25): the administrator sets 临时牌照到期 to 3 days on 期限设置;
 * a car's plating is completed; the registry list says 还剩 3 天 beside its VIN and the dashboard's
 * 7天内到期 counts it; from 到期提醒 the clerk opens the export declaration for that car, saves it, and
 * the deadline leaves the list. The car reaches the registry through the API, as the earlier screens
 * would send it.
 */

const shots = '/tmp/25r-shots';
const serial = String(Date.now()).slice(-8);
/** 17 characters, no I, O or Q. */
const vin = `LSVDL${serial}0001`;
const orderNo = `HW-DL-${serial}`;
const platingDocuments = [
  'xsz_image',
  'djz_image',
  'lp_image',
  'fp_image',
  'hgz_image',
  'ycxzs_image',
  'hbqd_image',
  'bx_image',
];

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test('a temporary plate of 3 days is counted, tagged on the registry list, and ends with the export declaration', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = await yardApi(request);
  // The company's starting policy, so that the page's change is a change on every run.
  await api.send('put', '/api/deadline/rules/temp_plate', { days: 30, enabled: 1 });
  const { orderId, purchaseId } = await finishedContract(api, {
    orderNo,
    vins: [vin],
    customer: `阿拉木图汽车${serial}`,
    purchase: { type: 1, purchaseNo: `CG-DL-${serial}`, seller: `杭州车行${serial}` },
    // New cars skip the check-in; the plating is this test's.
    toRelease: (yard, id) => skipCheckIn(yard, id),
    until: 'release',
  });

  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);

  // 期限设置: 临时牌照到期 from 30 to 3 days, saved on its own row.
  await page.goto('/setting/deadlines');
  const rule = page.getByRole('row').filter({ hasText: '临时牌照到期' });
  await expect(rule.getByLabel('临时牌照到期 天数')).toHaveValue('30');
  await expect(page.getByRole('row').filter({ hasText: '退税申报' })).toContainText('每年4月30日（出口次年）');
  await rule.getByLabel('临时牌照到期 天数').fill('3');
  await rule.getByRole('button', { name: '保存 临时牌照到期' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await screenshotTo(page, shots, '01-rules');

  const soonBefore = (await dataOf<DashboardCounts>(await request.get('/api/dashboard', { headers: api.headers })))
    .dueSoon;

  // The plating completed, its eight documents with it.
  const scan = await api.upload('document', 'scans/customs-declaration.jpg', '扫描件.jpg');
  await api.send('post', '/api/car/plateAdd', {
    vin,
    ...Object.fromEntries(platingDocuments.map((field) => [field, scan])),
  });

  // The registry list tags the car: three days left on its temporary plate.
  await page.goto('/dmv/list');
  await filterRegistryVin(page, vin);
  const row = registryRow(page, vin);
  await expect(row.getByText('还剩 3 天')).toBeVisible();
  await row.getByText('还剩 3 天').hover();
  await expect(page.getByRole('tooltip')).toContainText('临时牌照到期');
  await screenshotTo(page, shots, '02-registry-list');

  // The dashboard counts it among 7天内到期, which opens the list so filtered.
  await page.goto('/dashboard');
  const soon = page.getByRole('link', { name: `7天内到期：${soonBefore + 1}，查看详情` });
  await expect(soon).toBeVisible();
  await screenshotTo(page, shots, '03-dashboard');
  await soon.click();
  await expect(page).toHaveURL(/\/deadline\/list\?state=soon$/);
  const list = shown(page, '.deadline-list-page');
  await list.getByRole('textbox', { name: /车架号/ }).fill(vin);
  await list.getByRole('button', { name: /搜\s*索/ }).click();
  const deadline = list.locator('.paged-table tr.ant-table-row', { hasText: '临时牌照到期' });
  await expect(deadline).toHaveCount(1);
  await expect(deadline).toContainText(vin);
  await expect(deadline).toContainText('还剩 3 天');
  await screenshotTo(page, shots, '04-deadline-list');

  // 移交出口, then the row's action opens the export declaration with the car chosen.
  await api.send('put', '/api/car/transferHandOver', { purchase_id: [purchaseId] });
  await deadline.getByRole('button', { name: `出口报关 ${vin}` }).click();
  await expect(page).toHaveURL(/\/release\/letout_add\?vehicle=\d+$/);
  const vehicleId = new URL(page.url()).searchParams.get('vehicle');
  const form = shown(page, '.exports-form-page');
  await expect(transferPane(page, '已选择').getByText(vin, { exact: true })).toBeVisible();
  await form.getByLabel('报关单号').fill(`BG-DL-${serial}`);
  await form.getByLabel('出口日期').fill('2026-11-20');
  await form.getByLabel('出口日期').press('Enter');
  for (const [label, file] of [
    ['许可证', 'scans/deregistration-certificate.pdf'],
    ['报关资料', 'scans/deregistration-certificate.pdf'],
    ['报关单', 'scans/customs-declaration.jpg'],
    ['提单', 'scans/deregistration-certificate.pdf'],
  ] as const) {
    const slot = formItem(form, label);
    await slot.locator('input[type=file]').setInputFiles(`${fixtures}/${file}`);
    await expect(slot).toContainText(/\.(pdf|jpg)/);
  }
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新建成功')).toBeVisible();

  // The clock ended: 到期提醒 no longer lists the car's temporary plate.
  await page.goto('/deadline/list');
  const after = shown(page, '.deadline-list-page');
  await after.getByRole('textbox', { name: /车架号/ }).fill(vin);
  await after.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(after.getByText('没有符合条件的到期事项，请修改筛选条件或点击“重置”')).toBeVisible();
  await screenshotTo(page, shots, '05-deadline-gone');

  // The car's file lists the clocks still running (the release pass is still to come), and the contract
  // its receipt deadline above the receipts, nothing received yet.
  await page.goto(`/overseas/info/${orderId}`);
  const receipt = page.getByRole('note', { name: '收款期限' });
  await expect(receipt).toContainText('到期');
  await expect(receipt).toContainText('未收余额 10,000.00 USD');
  await receipt.scrollIntoViewIfNeeded();
  await screenshotTo(page, shots, '06-contract-receipt-deadline');
  await page.goto(`/vehicle/${vehicleId}`);
  await expect(page.locator('.vehicle-file-deadlines')).toContainText('出口报关');
  await screenshotTo(page, shots, '07-vehicle-file');
});
