import { expect, test, type Page } from '@playwright/test';
import { createOrderThroughApi, ensureAdmin, login, settled, shot } from './support';

/**
 * The shared frames at the office screen size (issue 7, points 5 and 6): a form page with unsaved changes
 * asks before it is left (取消, its tag's ×, a menu entry), and the lists are read at 1366×768 without
 * hovering or scrolling for the fifth contract.
 */

const serial = String(Date.now()).slice(-8);
const longAddress =
  'Office 1204, Al Maktoum Road Business Tower, Deira, near the Clock Tower Roundabout, Dubai, United Arab Emirates, P.O. Box 123456';
const longName = `Emirates Premium Automobile Trading and Re-Export Company LLC ${serial}`;
const longCountry = '阿拉伯联合酋长国（迪拜）';

test.use({ viewport: { width: 1366, height: 768 } });

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  // Enough contracts to fill more than one screen; one of them for a customer with a long name and address.
  await createOrderThroughApi(request, {
    orderNo: `E2E-FR-${serial}-L`,
    customerName: longName,
    address: longAddress,
    country: longCountry,
    vins: [`LSVFR${serial}0001`],
  });
  for (let index = 1; index <= 7; index += 1) {
    await createOrderThroughApi(request, {
      orderNo: `E2E-FR-${serial}-${index}`,
      // A name as long as real trading companies have: it wraps in the 客户 column.
      customerName: `Almaty Premium Motors Trading LLP ${serial}-${index}`,
      vins: [`LSVFR${serial}${String(index + 1).padStart(4, '0')}`],
    });
  }
});

test.beforeEach(async ({ page }) => {
  await login(page);
});

const unsavedDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: '有未保存的修改，确定离开吗？' });

async function answer(page: Page, button: RegExp) {
  const dialog = unsavedDialog(page);
  await expect(dialog).toBeVisible();
  await settled(page);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('a form with unsaved changes asks before 取消, its tag’s × and a menu entry', async ({ page }) => {
  await page.goto('/overseas/add');
  const orderNo = page.getByLabel('合同号');
  await expect(orderNo).toBeVisible();

  // Nothing typed: 取消 closes at once.
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page).not.toHaveURL(/\/overseas\/add$/);
  await expect(unsavedDialog(page)).toHaveCount(0);

  await page.goto('/overseas/add');
  await orderNo.fill(`E2E-UNSAVED-${serial}`);

  await page.getByRole('button', { name: /取\s*消/ }).click();
  await expect(unsavedDialog(page)).toBeVisible();
  await shot(page, 'frames-unsaved-cancel');
  await answer(page, /继续编辑/);
  await expect(page).toHaveURL(/\/overseas\/add$/);
  await expect(orderNo).toHaveValue(`E2E-UNSAVED-${serial}`);

  const tags = page.getByRole('navigation', { name: '已打开的页面' });
  await tags.getByRole('button', { name: '关闭 新建海外合同' }).click();
  await expect(unsavedDialog(page)).toBeVisible();
  await shot(page, 'frames-unsaved-tag-close');
  await answer(page, /继续编辑/);
  await expect(page).toHaveURL(/\/overseas\/add$/);
  await expect(tags.getByText('新建海外合同')).toBeVisible();
  await expect(orderNo).toHaveValue(`E2E-UNSAVED-${serial}`);

  const menu = page.getByRole('navigation', { name: '主菜单' });
  const customerGroup = menu.getByText('客户管理');
  if (!(await menu.getByText('客户列表').isVisible())) await customerGroup.click();
  await menu.getByText('客户列表').click();
  await expect(unsavedDialog(page)).toBeVisible();
  await shot(page, 'frames-unsaved-menu');
  await answer(page, /继续编辑/);
  await expect(page).toHaveURL(/\/overseas\/add$/);
  await expect(orderNo).toHaveValue(`E2E-UNSAVED-${serial}`);

  await menu.getByText('客户列表').click();
  await answer(page, /离\s*开/);
  await expect(page).toHaveURL(/\/custom\/list$/);
});

test('an edit form filled from its record, with files and cars, closes on 取消 without asking', async ({ page }) => {
  await page.goto('/overseas/list');
  const orderNo = `E2E-FR-${serial}-1`;
  await page.getByRole('button', { name: `编辑合同 ${orderNo}` }).click();
  await expect(page).toHaveURL(/\/overseas\/edit\/\d+$/);
  await expect(page.getByLabel('合同号')).toHaveValue(orderNo);
  // Filling the fields, showing the contract file and the car line are not changes of the clerk's.
  await expect(page.getByLabel('第1行 车架号')).not.toHaveValue('');
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page).toHaveURL(/\/overseas\/list$/);
  await expect(unsavedDialog(page)).toHaveCount(0);
});

test('the overseas list shows more than four contracts on one 1366×768 screen', async ({ page }) => {
  await page.goto('/overseas/list');
  const rows = page.locator('.paged-table tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect.poll(() => rows.count()).toBeGreaterThan(5);
  const viewport = page.viewportSize();
  const wholeRowsOnScreen = await rows.evaluateAll(
    (elements, height) => elements.filter((row) => row.getBoundingClientRect().bottom <= height).length,
    viewport?.height ?? 768,
  );
  await shot(page, 'frames-overseas-list-1366');
  expect(wholeRowsOnScreen).toBeGreaterThan(4);
});

test('the customer list shows a long name, country and address whole at 1366 px', async ({ page }) => {
  await page.goto('/custom/list');
  const filters = page.getByRole('search', { name: '客户筛选' });
  await filters.getByLabel('客户名称').fill(longName);
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
  const row = page.locator('.paged-table tr.ant-table-row', { hasText: longAddress });
  await expect(row).toHaveCount(1);
  for (const text of [longName, longCountry, longAddress]) {
    const cell = row.getByRole('cell', { name: text, exact: true });
    await expect(cell).toBeVisible();
    // Whole: no text cut off inside the cell, and the cell itself inside the window.
    const fits = await cell.evaluate((element, windowWidth) => {
      const box = element.getBoundingClientRect();
      return element.scrollWidth <= element.clientWidth + 1 && box.right <= windowWidth && box.left >= 0;
    }, page.viewportSize()?.width ?? 1366);
    expect(fits, text).toBe(true);
  }
  await shot(page, 'frames-customer-list-1366');
});
