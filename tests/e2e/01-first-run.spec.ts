import { expect, test } from '@playwright/test';
import { admin, shot } from './support';

// The first-run page needs a database without accounts: this spec runs first, on the fresh one.

test.describe('at the laptop size the office uses, 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the first-run page shows 创建管理员 without scrolling, even with every message showing', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/setup$/);
    const button = page.getByRole('button', { name: '创建管理员' });
    const whollyOnScreen = async () => {
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(768);
    };
    await whollyOnScreen();
    await button.click();
    await expect(page.getByText('账号格式不正确')).toBeVisible();
    await page.evaluate('window.scrollTo(0, 0)');
    await whollyOnScreen();
    // The whole page fits: nothing below the fold to scroll to.
    expect(await page.evaluate('document.scrollingElement.scrollHeight <= window.innerHeight')).toBe(true);
    await shot(page, '60-clerk-setup-1366x768');
  });
});

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
