import { expect, test } from '@playwright/test';
import { admin, shot } from './support';

test('the first start asks for the administrator, then the login page takes over', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByText('首次使用：创建管理员账号')).toBeVisible();
  await expect(page).toHaveTitle('创建管理员 - 二手车出口业务管理系统');

  // The form checks before anything is sent.
  await page.getByRole('button', { name: '创建管理员' }).click();
  await expect(page.getByText('账号格式不正确')).toBeVisible();
  await expect(page.getByText('请输入员工姓名')).toBeVisible();
  await expect(page.getByText('请输入手机号')).toBeVisible();
  await shot(page, '01-setup-errors');

  await page.getByLabel('账号').fill(admin.username);
  await page.getByLabel('姓名').fill(admin.nickname);
  await page.getByLabel('手机号').fill(admin.phone);
  await page.getByLabel('密码', { exact: true }).fill(admin.password);
  await page.getByLabel('确认密码').fill('not-the-same');
  await expect(page.getByText('两次密码不一致')).toBeVisible();
  await page.getByLabel('确认密码').fill(admin.password);
  await shot(page, '01-setup');
  await page.getByRole('button', { name: '创建管理员' }).click();

  await expect(page.getByText('管理员创建成功，请登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('账号')).toHaveValue(admin.username);
  await shot(page, '02-login');

  // Once an account exists the setup page is gone.
  await page.goto('/setup');
  await expect(page).toHaveURL(/\/login$/);
});
