import { expect, test } from '@playwright/test';
import {
  admin,
  createAccount,
  ensureAdmin,
  fillLogin,
  login,
  openUserMenu,
  shot,
  switchAccount,
  loginError,
} from './support';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('a wrong password is told on the login page itself', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, { username: admin.username, password: 'wrong-password' });
  await expect(loginError(page)).toHaveText('账号或密码错误');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, '03-login-wrong-password');
});

test('the login form checks the formats first', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, { username: 'a!', password: '123' });
  await expect(page.getByText('账号格式不正确')).toBeVisible();
  await expect(page.getByText('密码格式不正确')).toBeVisible();
});

test('a screen opened without login comes back after logging in, with its query', async ({ page }) => {
  await page.goto('/setting/staff?page=1');
  await expect(page).toHaveURL('/login?redirect=%2Fsetting%2Fstaff&page=1');
  await fillLogin(page, admin);
  await expect(page).toHaveURL('/setting/staff?page=1');
  await expect(page.getByRole('button', { name: '新增员工' })).toBeVisible();
  // A logged-in user who opens the login page goes home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('logout ends the session and remembers where the clerk was', async ({ page }) => {
  await login(page);
  await page.goto('/setting/staff');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL('/login?redirect=%2Fsetting%2Fstaff');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
});

test('a disabled account is refused at login', async ({ page, request }) => {
  const id = await createAccount(request, {
    username: 'clerk_off',
    password: 'Clerk@2026',
    nickname: '停用员工',
    phone: '13900000001',
  });
  await switchAccount(request, id);
  await page.goto('/login');
  await fillLogin(page, { username: 'clerk_off', password: 'Clerk@2026' });
  await expect(loginError(page)).toHaveText('账号已被禁用，请联系管理员');
  await shot(page, '04-login-disabled');
});

test('an account disabled while working meets the 登录失败 dialog, which leads to the login page', async ({
  page,
  request,
}) => {
  const clerk = { username: 'clerk_live', password: 'Clerk@2026', nickname: '在线员工', phone: '13900000002' };
  const id = await createAccount(request, clerk);
  await login(page, clerk);
  // Let the dashboard finish its own calls first: the session must end during the next one.
  await expect(page.getByRole('list', { name: '业务统计' }).locator('.ant-statistic-content')).toHaveCount(11);
  await switchAccount(request, id);
  await page.getByRole('navigation', { name: '主菜单' }).getByText('系统设置').click();
  await page.getByRole('navigation', { name: '主菜单' }).getByText('员工管理').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('登录失败');
  // The server's own reason: the account was disabled.
  await expect(dialog).toContainText('账号已被禁用，请联系管理员');
  await shot(page, '05-session-ended-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsetting%2Fstaff$/);
});

test('changing the password forces a new login with the new password', async ({ page, request }) => {
  const clerk = { username: 'clerk_pw', password: 'OldPass1', nickname: '改密员工', phone: '13900000003' };
  await createAccount(request, clerk);
  await login(page, clerk);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await dialog.getByLabel('原密码').fill(clerk.password);
  await dialog.getByLabel('新密码', { exact: true }).fill('NewPass2');
  await dialog.getByLabel('确认新密码').fill('NewPass3');
  await expect(dialog.getByText('两次新密码不一致')).toBeVisible();
  await dialog.getByLabel('确认新密码').fill('NewPass2');
  await shot(page, '06-reset-password');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(page).toHaveURL('/login?redirect=dashboard');

  await fillLogin(page, clerk);
  await expect(loginError(page)).toHaveText('账号或密码错误');
  await page.getByLabel('密码').fill('NewPass2');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('欢迎，改密员工')).toBeVisible();
});
