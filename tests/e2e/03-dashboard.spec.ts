import { expect, test } from '@playwright/test';
import { createOrderThroughApi, ensureAdmin, login, shot } from './support';

test.beforeEach(async ({ page, request }) => {
  await ensureAdmin(request);
  await login(page);
});

test('the dashboard greets the user and shows the eleven counts, each leading to its list or its cars', async ({
  page,
}) => {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('欢迎，系统管理员')).toBeVisible();
  await expect(page.getByText(/员工编号：\d+/)).toBeVisible();
  const stats = page.getByRole('list', { name: '业务统计' });
  await expect(stats.getByRole('link')).toHaveCount(11);
  for (const label of [
    '海外合同',
    '采购合同',
    '入库',
    '出库',
    '上牌',
    '过户',
    '出口',
    '退税',
    '运费',
    '注销',
    '归档完成',
  ]) {
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.locator('.app-breadcrumb')).toHaveText('首页');
  await shot(page, '07-dashboard');

  await stats.getByRole('link', { name: /^采购合同/ }).click();
  await expect(page).toHaveURL(/\/purchase\/list$/);
  await expect(page.locator('.app-breadcrumb')).toHaveText('首页/采购管理/采购合同');
  await expect(page.getByRole('button', { name: /新建业务/ })).toBeVisible();

  // A stage count opens the archive query filtered by that stage: the cars it counts (issue 24 point 5).
  await page.goBack();
  await stats.getByRole('link', { name: /^入库/ }).click();
  await expect(page).toHaveURL(/\/filed\/query_list\?stage=entry$/);
  await expect(page.getByText('筛选：已入库', { exact: true })).toBeVisible();
  await expect(page.locator('.app-breadcrumb')).toHaveText('首页/归档管理/档案查询');

  await page.goBack();
  await stats.getByRole('link', { name: /^出口/ }).click();
  await expect(page).toHaveURL(/\/filed\/query_list\?stage=exports$/);
  await expect(page.getByText('筛选：已出口', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '清除环节筛选' }).click();
  await expect(page).toHaveURL(/\/filed\/query_list$/);
  await expect(page.getByText('筛选：已出口', { exact: true })).toHaveCount(0);

  // The menu opens the last screen built (档案查询; the 建设中 fallback has its test in app-shell.test.tsx),
  // from another area's screen (its group closed).
  await page.goto('/purchase/list');
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await menu.getByText('归档管理', { exact: true }).click();
  await menu.getByText('档案查询', { exact: true }).click();
  await expect(page).toHaveURL(/\/filed\/query_list$/);
  await expect(page.getByRole('search', { name: '档案查询筛选' })).toBeVisible();
  await expect(page.locator('.app-breadcrumb')).toHaveText('首页/归档管理/档案查询');
  await shot(page, '08-query-list');
});

test('the waiting work opens the screen where it is done, its filter set', async ({ page }) => {
  const waiting = page.getByRole('list', { name: '待办事项' });
  await expect(waiting.getByRole('link')).toHaveCount(8);
  for (const label of ['待入库', '待上牌', '待出库', '待过户', '待出口', '待退税', '待注销', '运费未完成']) {
    await expect(waiting.getByRole('link', { name: new RegExp(`^${label}：\\d+，查看详情$`) })).toBeVisible();
  }
  await shot(page, '07b-dashboard-waiting');

  await waiting.getByRole('link', { name: /^待出库：/ }).click();
  await expect(page).toHaveURL(/\/pickup\/list\?release_status=0$/);
  const pickupFilters = page.getByRole('search');
  await expect(pickupFilters.locator('.ant-select-content, .ant-select-selection-item').first()).toHaveText('待出库');

  await page.goBack();
  await waiting.getByRole('link', { name: /^待退税：/ }).click();
  await expect(page).toHaveURL(/\/filed\/list\?drawback=0$/);
  await expect(page.getByRole('search').getByText('未完成', { exact: true })).toBeVisible();

  await page.goBack();
  await waiting.getByRole('link', { name: /^待过户：/ }).click();
  await expect(page).toHaveURL(/\/dmv\/list\?tab=2$/);
  await expect(page.getByRole('tab', { name: '待过户' })).toHaveAttribute('aria-selected', 'true');
});

test('the 海外合同 count goes up by one when a contract is made', async ({ page, request }) => {
  const stat = page.getByRole('list', { name: '业务统计' }).getByRole('link', { name: /^海外合同：/ });
  // Whatever other specs made before: the count as loaded now, then one more.
  await expect(stat).toHaveAttribute('aria-label', /^海外合同：\d+，查看详情$/);
  const before = Number(/：(\d+)，/.exec((await stat.getAttribute('aria-label')) ?? '')?.[1]);
  await expect(stat.locator('.ant-statistic-content-value')).toHaveText(String(before));

  const orderNo = `E2E-DASH-${String(Date.now()).slice(-8)}`;
  await createOrderThroughApi(request, {
    orderNo,
    customerName: `E2E 看板客户 ${orderNo}`,
    agentName: 'E2E 看板代理人',
  });
  await page.reload();
  await expect(stat).toHaveAttribute('aria-label', `海外合同：${before + 1}，查看详情`);
  await expect(stat.locator('.ant-statistic-content-value')).toHaveText(String(before + 1));
});

test('the layout: route search, tags, settings drawer remembered after reload', async ({ page }) => {
  await page.getByRole('button', { name: '搜索页面' }).click();
  await page.keyboard.type('员工');
  await expect(page.locator('.ant-select-item-option', { hasText: '系统设置 > 员工管理' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/setting\/staff$/);
  const tags = page.getByRole('navigation', { name: '已打开的页面' });
  await expect(tags.getByText('首页')).toBeVisible();
  await expect(tags.getByText('员工管理')).toBeVisible();

  await tags.getByText('员工管理').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭所有' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(tags.getByText('员工管理')).toHaveCount(0);

  await page.getByRole('button', { name: '布局设置' }).click();
  const drawer = page.getByRole('dialog', { name: '系统布局设置' });
  await expect(drawer).toBeVisible();
  await shot(page, '09-settings-drawer');
  await drawer.getByRole('switch', { name: '开启标签栏' }).click();
  await expect(tags).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '已打开的页面' })).toHaveCount(0);
  // Put it back for the other specs.
  await page.getByRole('button', { name: '布局设置' }).click();
  await page.getByRole('dialog', { name: '系统布局设置' }).getByRole('switch', { name: '开启标签栏' }).click();
  await expect(page.getByRole('navigation', { name: '已打开的页面' })).toBeVisible();
});

test('the size selector and fullscreen button answer', async ({ page }) => {
  await page.getByRole('button', { name: '布局大小' }).click();
  await page.getByRole('menuitem', { name: '迷你' }).click();
  await expect(page.getByText('布局大小已切换')).toBeVisible();
  await page.getByRole('button', { name: '布局大小' }).click();
  await page.getByRole('menuitem', { name: '默认' }).click();
  await page.getByRole('button', { name: '全屏' }).click();
  // Headless Chromium may refuse fullscreen: then the clerk is told so instead.
  await expect(
    page.getByRole('button', { name: '退出全屏' }).or(page.getByText(/不支持全屏|无法切换全屏/)),
  ).toBeVisible();
});
