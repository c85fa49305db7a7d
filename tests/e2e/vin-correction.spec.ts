import { expect, test } from '@playwright/test';
import { admin, createOrderThroughApi, ensureAdmin, login, settled, shot } from './support';

const transliteration: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** A VIN with a correct check digit (position 9), so that no check of the server can refuse it. */
function validVin(body: string): string {
  const chars = [...body];
  const sum = chars.reduce((total, char, index) => {
    const value = /\d/.test(char) ? Number(char) : (transliteration[char] ?? 0);
    return total + value * (weights[index] ?? 0);
  }, 0);
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  chars[8] = check;
  return chars.join('');
}

// Unique per run: the database is fresh, but a spec run twice against one server must not collide.
const serial = String(Date.now()).slice(-6);
const vinOld = validVin(`LSVAB418_E2${serial}`);
const vinNew = validVin(`LSVCD418_E2${serial}`);
const vinOther = validVin(`LFVBA218_K3${serial}`);

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('VIN correction: checks, a refused VIN, a correction that shows in the list', async ({ page, request }) => {
  await createOrderThroughApi(request, {
    orderNo: `VIN-E2E-${serial}`,
    customerName: 'E2E 车架号更正客户',
    vins: [vinOld, vinOther],
  });
  await login(page);
  await page.goto('/filed/vin_alter');
  await expect(page.locator('.app-breadcrumb')).toHaveText('首页/归档管理/车架号更正');
  await expect(page.getByText('暂无更正记录，点击“新增更正”更正车架号')).toBeVisible();
  await shot(page, '30-vin-correction-empty');

  await page.getByRole('button', { name: '新增更正' }).click();
  await settled(page);
  const dialog = page.getByRole('dialog', { name: '车架号更正' });
  // The client's own checks first.
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请填写要更正的车架号')).toBeVisible();
  await expect(dialog.getByText('新车架号格式错误')).toBeVisible();
  await dialog.getByLabel('新车架号').fill('LSVAB4187E21234O6');
  await expect(dialog.getByText('新车架号格式错误')).toBeVisible();
  await shot(page, '31-vin-correction-errors');

  // The old VIN from the suggestions: part of it typed, the list comes a second later.
  await dialog.getByLabel('原车架号').fill(serial);
  const suggestion = page.getByTitle(vinOld);
  await expect(suggestion).toBeVisible();
  await expect(suggestion.locator('mark')).toHaveText(serial);
  await shot(page, '32-vin-search-suggestions');
  await suggestion.click();
  await expect(dialog.getByLabel('原车架号')).toHaveValue(vinOld);

  // A new VIN that another vehicle has: the server's reason, and nothing typed is lost.
  await dialog.getByLabel('新车架号').fill(vinOther.toLowerCase());
  await expect(dialog.getByLabel('新车架号')).toHaveValue(vinOther);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByRole('alert')).toHaveText('新车架号已被其他车辆使用');
  await expect(dialog.getByLabel('原车架号')).toHaveValue(vinOld);
  await shot(page, '33-vin-correction-refused');

  await dialog.getByLabel('新车架号').fill(` ${vinNew.toLowerCase()} `);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The VIN cell also holds its copy button, so the row is found by the VIN's text.
  const row = page.locator('tr', { has: page.getByText(vinNew, { exact: true }) });
  await expect(row).toContainText(vinOld);
  await expect(row).toContainText(admin.nickname);
  await shot(page, '34-vin-correction-list');

  // The filter by new VIN finds it.
  const filters = page.getByRole('search', { name: '车架号更正筛选' });
  await filters.getByLabel('新车架号').fill(vinNew.slice(-6).toLowerCase());
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page.locator('.paged-table tbody tr.ant-table-row')).toHaveCount(1);

  // The vehicle now answers to its new VIN only.
  await page.getByRole('button', { name: '新增更正' }).click();
  await settled(page);
  await dialog.getByLabel('原车架号').fill(serial);
  await expect(page.getByTitle(vinNew)).toBeVisible();
  await expect(page.getByTitle(vinOld)).toHaveCount(0);
});
