import { expect, test } from '@playwright/test';
import { ensureAdmin, login, shot } from './support';

test.beforeEach(async ({ page, request }) => {
  await ensureAdmin(request);
  await login(page);
});

test('an unknown address shows the 404 page, which leads home', async ({ page }) => {
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await shot(page, '14-not-found');
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the 401 page goes home when told not to go back', async ({ page }) => {
  await page.goto('/401?noGoBack=1');
  await expect(page.getByText('抱歉，您没有权限访问该页面')).toBeVisible();
  await shot(page, '15-unauthorized');
  await page
    .getByRole('button', { name: /返\s*回/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('every menu entry leads to a screen of its own, never to the 404 page', async ({ page }) => {
  const menu = page.getByRole('navigation', { name: '主菜单' });
  for (const [group, entry] of [
    ['业务管理', '海外合同'],
    ['客户管理', '客户列表'],
    ['采购管理', '采购合同'],
    ['出入库管理', '入库出库'],
    ['车管业务', '上牌过户'],
    ['出口报关', '出口放行'],
    ['归档管理', '归档列表'],
    ['归档管理', '档案查询'],
    ['归档管理', '车架号更正'],
  ] as const) {
    const item = menu.getByRole('menuitem', { name: entry });
    if (!(await item.isVisible())) await menu.getByText(group, { exact: true }).click();
    await item.click();
    await expect(page.locator('.app-breadcrumb')).toHaveText(`首页/${group}/${entry}`);
    await expect(page).not.toHaveURL(/\/404$/);
    // A screen of a later issue says so by name.
    await expect(page.locator('.app-content')).not.toBeEmpty();
  }
  await page.goto('/overseas/list');
  await expect(page.getByText('「海外合同」建设中').or(page.locator('.app-content .ant-table'))).toBeVisible();
});

test('below 992 px the sidebar becomes a drawer that closes after choosing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await expect(page.locator('.app-sider')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeHidden();
  await shot(page, '16-mobile-dashboard');

  await page.getByRole('button', { name: '展开侧边栏' }).click();
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await expect(menu).toBeVisible();
  await shot(page, '17-mobile-menu');
  await menu.getByText('系统设置', { exact: true }).click();
  await menu.getByText('员工管理', { exact: true }).click();
  await expect(page).toHaveURL(/\/setting\/staff$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: '新增员工' })).toBeVisible();
  await shot(page, '18-mobile-staff');
});
