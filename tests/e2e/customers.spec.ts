import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, apiToken, createOrderThroughApi, ensureAdmin, login, pressInDialog, settled, shot } from './support';

test.beforeEach(async ({ page, request }) => {
  await ensureAdmin(request);
  await login(page);
});

const rowOf = (scope: Page | Locator, text: string) =>
  scope.locator('tr', { has: scope.getByRole('cell', { name: text, exact: true }) });

test('customers: add with the drawer’s checks, edit, delete', async ({ page }) => {
  await page.goto('/custom/list');
  await expect(page.locator('.app-breadcrumb')).toHaveText('首页/客户管理/客户列表');
  // One tab per customer type, the first selected (the first migration made 销外客户 and 代理人).
  await expect(page.getByRole('tab', { name: '销外客户' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: '代理人' })).toBeVisible();
  await shot(page, '20-customer-list');

  // Add: the drawer names what is missing.
  await page.getByRole('button', { name: '新增客户' }).click();
  await settled(page);
  const drawer = page.getByRole('dialog', { name: '新增客户' });
  // The type starts as the tab's.
  await expect(drawer.getByTitle('销外客户')).toBeVisible();
  await drawer.getByRole('button', { name: /确\s*定/ }).click();
  await expect(drawer.getByText('请输入客户名称')).toBeVisible();
  await shot(page, '21-customer-drawer-errors');
  await drawer.getByLabel('客户名称').fill('Almaty Motors E2E');
  await drawer.getByLabel('国家').fill('哈萨克斯坦');
  await drawer.getByLabel('联系人').fill('Nurlan');
  await drawer.getByLabel('联系方式').fill('+7 701 000 0000');
  await drawer.getByLabel('地址').fill('Abay Ave 1, Almaty');
  await drawer.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('新建客户成功')).toBeVisible();
  const row = rowOf(page, 'Almaty Motors E2E');
  await expect(row).toContainText('销外客户');
  await expect(row).toContainText('哈萨克斯坦');
  await expect(row).toContainText('Nurlan');
  await expect(row).toContainText('+7 701 000 0000');

  // The name filter finds it; 重置 brings the list back.
  const filters = page.getByRole('search', { name: '客户筛选' });
  await filters.getByLabel('客户名称').fill('almaty motors e2e');
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page.locator('.paged-table tbody tr.ant-table-row')).toHaveCount(1);
  await filters.getByRole('button', { name: /重\s*置/ }).click();

  // Edit: the drawer comes filled; the change shows in the row.
  await page.getByRole('button', { name: '编辑客户 Almaty Motors E2E' }).click();
  await settled(page);
  const editor = page.getByRole('dialog', { name: '编辑客户' });
  await expect(editor.getByLabel('客户名称')).toHaveValue('Almaty Motors E2E');
  await editor.getByLabel('国家').fill('吉尔吉斯斯坦');
  await shot(page, '22-customer-edit');
  await editor.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('客户编辑成功')).toBeVisible();
  await expect(rowOf(page, 'Almaty Motors E2E')).toContainText('吉尔吉斯斯坦');

  // Delete, after the confirmation.
  await page.getByRole('button', { name: '删除客户 Almaty Motors E2E' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Almaty Motors E2E' });
  await expect(confirm).toBeVisible();
  await shot(page, '23-customer-delete-confirm');
  await settled(page);
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('删除成功!')).toBeVisible();
  await expect(rowOf(page, 'Almaty Motors E2E')).toHaveCount(0);
});

test('customer types: add one, use it as a tab, refused while in use, then removed', async ({ page }) => {
  await page.goto('/custom/list');
  await page.getByRole('button', { name: /管理客户类型/ }).click();
  await expect(page).toHaveURL(/\/custom\/type$/);
  await expect(page.locator('.app-breadcrumb')).toHaveText('首页/客户管理/客户类型');
  await expect(rowOf(page, '销外客户')).toBeVisible();

  await page.getByRole('button', { name: /新\s*增/ }).click();
  await settled(page);
  const dialog = page.getByRole('dialog', { name: '新增客户类型' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请输入类型名称')).toBeVisible();
  await dialog.getByLabel('类型名称').fill('国内卖家E2E');
  await shot(page, '24-customer-type-dialog');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('新建成功')).toBeVisible();
  await expect(rowOf(page, '国内卖家E2E')).toBeVisible();
  await shot(page, '25-customer-types');

  // Rename it.
  await page.getByRole('button', { name: '修改客户类型 国内卖家E2E' }).click();
  await settled(page);
  const renamer = page.getByRole('dialog', { name: '修改客户类型' });
  await renamer.getByLabel('类型名称').fill('国内卖家');
  await renamer.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('编辑成功')).toBeVisible();
  await expect(rowOf(page, '国内卖家')).toBeVisible();

  // The new type is a tab of the customer list; a customer added there has that type.
  await page.goto('/custom/list');
  await page.getByRole('tab', { name: '国内卖家' }).click();
  await expect(page.getByText('“国内卖家”下暂无客户，点击“新增客户”添加')).toBeVisible();
  await page.getByRole('button', { name: '新增客户' }).click();
  await settled(page);
  const drawer = page.getByRole('dialog', { name: '新增客户' });
  await drawer.getByLabel('客户名称').fill('义乌二手车行');
  await drawer.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('新建客户成功')).toBeVisible();
  await expect(rowOf(page, '义乌二手车行')).toContainText('国内卖家');

  // A type still in use cannot go: the server's reason is shown in a dialog.
  await page.goto('/custom/type');
  await page.getByRole('button', { name: '删除客户类型 国内卖家' }).click();
  await pressInDialog(page, '国内卖家');
  const refusal = page.getByRole('dialog').filter({ hasText: '无法删除该客户类型' });
  await expect(refusal).toBeVisible();
  await shot(page, '26-customer-type-in-use');
  await settled(page);
  await refusal.getByRole('button', { name: '知道了' }).click();
  await expect(rowOf(page, '国内卖家')).toBeVisible();

  // Without its customer it can.
  await page.goto('/custom/list');
  await page.getByRole('tab', { name: '国内卖家' }).click();
  await page.getByRole('button', { name: '删除客户 义乌二手车行' }).click();
  await pressInDialog(page, '义乌二手车行');
  await expect(page.getByText('删除成功!')).toBeVisible();
  await page.goto('/custom/type');
  await page.getByRole('button', { name: '删除客户类型 国内卖家' }).click();
  await pressInDialog(page, '国内卖家');
  await expect(page.getByText('删除成功!')).toBeVisible();
  await expect(rowOf(page, '国内卖家')).toHaveCount(0);
});

test('a customer named on a contract cannot be deleted, and the clerk is told why', async ({ page, request }) => {
  await createOrderThroughApi(request, {
    orderNo: `CUST-E2E-${Date.now()}`,
    customerName: 'Tashkent Auto E2E',
    country: '乌兹别克斯坦',
    address: 'Amir Temur 5, Tashkent',
    contactWay: 'aziz@example.uz',
  });
  await page.goto('/custom/list');
  const row = rowOf(page, 'Tashkent Auto E2E');
  await expect(row).toContainText('乌兹别克斯坦');
  await page.getByRole('button', { name: '删除客户 Tashkent Auto E2E' }).click();
  await pressInDialog(page, 'Tashkent Auto E2E');
  const refusal = page.getByRole('dialog').filter({ hasText: '无法删除该客户' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('合同');
  await shot(page, '27-customer-in-use');
  await settled(page);
  await refusal.getByRole('button', { name: '知道了' }).click();
  await expect(row).toBeVisible();
});

test('two clerks editing one customer: the second is told it changed and keeps what they typed', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, admin);
  const headers = { Authorization: `Bearer ${token}` };
  const made = await request.post('/api/customer', {
    headers,
    data: { name: 'Bishkek Cars E2E', type_id: 1, country: '吉尔吉斯斯坦' },
  });
  expect(made.status()).toBe(201);
  const { id } = ((await made.json()) as { data: { id: number } }).data;

  await page.goto('/custom/list');
  await page.getByRole('button', { name: '编辑客户 Bishkek Cars E2E' }).click();
  await settled(page);
  const editor = page.getByRole('dialog', { name: '编辑客户' });
  await expect(editor.getByLabel('客户名称')).toHaveValue('Bishkek Cars E2E');

  // Meanwhile another clerk saves the same customer.
  const current = (
    (await (await request.get(`/api/customer/${id}`, { headers })).json()) as {
      data: { updated_at: string };
    }
  ).data;
  const other = await request.put(`/api/customer/${id}`, {
    headers,
    data: { name: 'Bishkek Cars E2E', type_id: 1, country: '哈萨克斯坦', updated_at: current.updated_at },
  });
  expect(other.ok()).toBe(true);

  await editor.getByLabel('联系人').fill('Azamat');
  await editor.getByRole('button', { name: /确\s*定/ }).click();
  await expect(editor.getByRole('alert')).toContainText('该记录已被他人修改，请刷新后重试');
  await expect(editor.getByLabel('联系人')).toHaveValue('Azamat');
  await shot(page, '28-customer-stale-save');
});
