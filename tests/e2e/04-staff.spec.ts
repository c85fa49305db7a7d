import { expect, test, type Page } from '@playwright/test';
import { ensureAdmin, fillLogin, login, loginError, settled, shot } from './support';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

const rowOf = (page: Page, username: string) =>
  page.locator('tr', { has: page.getByRole('cell', { name: username, exact: true }) });

test('staff: add, edit, disable and delete, each with its message', async ({ page }) => {
  await login(page);
  await page.goto('/setting/staff');
  await expect(page.locator('.app-breadcrumb')).toHaveText('首页/系统设置/员工管理');
  await expect(rowOf(page, 'admin')).toContainText('启用');
  await shot(page, '10-staff-list');

  // Add: the drawer checks the fields first.
  await page.getByRole('button', { name: '新增员工' }).click();
  const drawer = page.getByRole('dialog', { name: '新增员工' });
  await drawer.getByRole('button', { name: /确\s*定/ }).click();
  await expect(drawer.getByText('账号格式不正确')).toBeVisible();
  await expect(drawer.getByText('请输入员工姓名')).toBeVisible();
  await expect(drawer.getByText('密码格式不正确')).toBeVisible();
  await expect(drawer.getByText('请输入手机号')).toBeVisible();
  await shot(page, '11-staff-drawer-errors');
  await drawer.getByLabel('账号').fill('clerk_new');
  await drawer.getByLabel('员工姓名').fill('新员工');
  await drawer.getByLabel('密码').fill('Clerk@2026');
  await drawer.getByLabel('手机号').fill('1390000');
  await expect(drawer.getByText('手机号格式不正确')).toBeVisible();
  await drawer.getByLabel('手机号').fill('13900000010');
  await drawer.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('新建成功')).toBeVisible();
  await expect(rowOf(page, 'clerk_new')).toContainText('新员工');
  await expect(rowOf(page, 'clerk_new')).toContainText('13900000010');

  // Edit: the password may stay empty.
  await rowOf(page, 'clerk_new')
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  const editor = page.getByRole('dialog', { name: '编辑员工' });
  await expect(editor.getByLabel('账号')).toHaveValue('clerk_new');
  await editor.getByLabel('员工姓名').fill('新员工甲');
  await shot(page, '12-staff-edit');
  await editor.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('编辑成功')).toBeVisible();
  await expect(rowOf(page, 'clerk_new')).toContainText('新员工甲');

  // Disable: the row flips in place; the account can no longer log in.
  await rowOf(page, 'clerk_new').getByRole('button', { name: '禁用员工 clerk_new' }).click();
  await expect(page.getByText('已禁用')).toBeVisible();
  await expect(rowOf(page, 'clerk_new').locator('.ant-tag')).toHaveText('禁用');
  // Enable again.
  await rowOf(page, 'clerk_new').getByRole('button', { name: '启用员工 clerk_new' }).click();
  await expect(rowOf(page, 'clerk_new').locator('.ant-tag')).toHaveText('启用');

  // The administrator cannot delete or disable themself.
  await expect(rowOf(page, 'admin').getByRole('button', { name: /删\s*除/ })).toBeDisabled();

  // Delete, after the confirmation.
  await rowOf(page, 'clerk_new')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  const confirm = page.getByRole('dialog').filter({ hasText: '此操作将永久删除该员工信息, 是否继续?' });
  await expect(confirm).toBeVisible();
  await shot(page, '13-staff-delete-confirm');
  await settled(page);
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('删除成功!')).toBeVisible();
  await expect(rowOf(page, 'clerk_new')).toHaveCount(0);
});

test('a staff member disabled from the staff page is refused at login', async ({ page }) => {
  await login(page);
  await page.goto('/setting/staff');
  await page.getByRole('button', { name: '新增员工' }).click();
  const drawer = page.getByRole('dialog', { name: '新增员工' });
  await drawer.getByLabel('账号').fill('clerk_gone');
  await drawer.getByLabel('员工姓名').fill('离职员工');
  await drawer.getByLabel('密码').fill('Clerk@2026');
  await drawer.getByLabel('手机号').fill('13900000011');
  await drawer.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('新建成功')).toBeVisible();
  await rowOf(page, 'clerk_gone').getByRole('button', { name: '禁用员工 clerk_gone' }).click();
  await expect(rowOf(page, 'clerk_gone').locator('.ant-tag')).toHaveText('禁用');

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  await fillLogin(page, { username: 'clerk_gone', password: 'Clerk@2026' });
  await expect(loginError(page)).toHaveText('账号已被禁用，请联系管理员');
});
