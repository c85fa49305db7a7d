import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { admin, apiToken, ensureAdmin, login } from './support';

/**
 * The release pass (车辆放行) as the yard clerk uses it (spec part 2, sections 2 and 5): two new cars of
 * one purchase contract, plated and handed to release, chosen on the pickup list and let out with one
 * pass (the slip and the departure photo dragged onto their slots), seen as 已出库 on the pickup list;
 * then the pass edited to drop one of them, which waits again (待出库). Another contract's few dozen
 * vehicles wait in the transfer list beside them.
 */

const fixtures = '../shared/fixtures';
const shots = '/tmp/shots-c';
const serial = String(Date.now()).slice(-8);
/** 17 characters, no I, O or Q. */
const vin = (prefix: string, row: number) => `${prefix}${serial}${String(row).padStart(4, '0')}`;
const carA = vin('LSVRA', 1);
const carB = vin('LSVRA', 2);
const others = Array.from({ length: 30 }, (_, index) => vin('LSVRB', index + 1));

const rowOf = (page: Page, text: string) =>
  page.locator('.paged-table tr.ant-table-row', { has: page.getByText(text, { exact: true }) });
const item = (scope: Page | Locator, label: string) =>
  scope.locator('.ant-form-item', { has: scope.locator(`label[title="${label}"]`) });
const pane = (page: Page, title: '待放行车辆' | '本次放行车辆') =>
  page.locator('.ant-transfer-section', { has: page.getByText(title, { exact: true }) });

async function headersOf(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, admin)}` };
}

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return ((await response.json()) as { data: unknown }).data;
}

/**
 * A new-car purchase contract with these VINs taken to the release flow through the API, as the clerks
 * before the yard's exit would: 移交入库, 免入库, a plating per car, 移交出口.
 */
async function purchaseAtRelease(request: APIRequestContext, number: string, vins: string[]): Promise<number> {
  const headers = await headersOf(request);
  const types = (await ok(await request.get('/api/customerType', { headers }))) as Array<{ id: number }>;
  const { id } = (await ok(
    await request.post('/api/purchase', {
      headers,
      data: {
        type: 1,
        purchase_no: number,
        amount: vins.length,
        total: 100_000 * vins.length,
        name: `宁波车行${serial}`,
        type_id: types[0]!.id,
        address: '宁波市鄞州区 8 号',
        contact_way: '0574-88888888',
        contracts: [],
        car: vins.map((text) => ({ id: 0, vin: text, model: '丰田 卡罗拉', price: 100_000, invoice: 0, other: 0 })),
      },
    }),
    201,
  )) as { id: number };
  await ok(await request.put(`/api/purchase/${id}/handOver`, { headers }));
  await ok(await request.put(`/api/car/noentry?purchaseId=${id}`, { headers }));
  for (const text of vins) await ok(await request.post('/api/car/plateAdd', { headers, data: { vin: text } }));
  const moved = (await ok(
    await request.put('/api/car/transferHandOver', { headers, data: { purchase_id: [id] } }),
  )) as { moved: number };
  expect(moved.moved).toBe(vins.length);
  return id;
}

/**
 * Drops files on an upload slot as the desktop's file manager does: a real `drop` event whose
 * DataTransfer carries the files (react-dropzone reads them from it). The same as the check-in spec's.
 */
async function dropFiles(page: Page, slot: Locator, files: Array<{ path: string; name: string; type: string }>) {
  const payload = files.map((file) => ({ ...file, data: readFileSync(file.path).toString('base64') }));
  // Built in the page (the specs are compiled without the DOM's types, so the code goes as text).
  const dataTransfer = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    for (const file of ${JSON.stringify(payload)}) {
      const bytes = Uint8Array.from(atob(file.data), (character) => character.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return transfer;
  })()`);
  const zone = slot.getByRole('button', { name: /上传文件/ });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

const slip = { path: `${fixtures}/scans/customs-declaration.jpg`, name: '放行条.jpg', type: 'image/jpeg' };
const exterior = { path: `${fixtures}/scans/vehicle-exterior.png`, name: '离场.png', type: 'image/png' };

async function picture(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  // The pointer off the buttons: a hovered button is drawn paler.
  await page.mouse.move(700, 160);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${shots}/${name}.png` });
}

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
});

test('two vehicles of one contract let out with one pass, seen on the pickup list, one dropped again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const purchaseNo = `E2E-FX-${serial}`;
  await purchaseAtRelease(request, purchaseNo, [carA, carB]);
  await purchaseAtRelease(request, `E2E-FY-${serial}`, others);

  // The pickup list: both chosen, 车辆放行.
  await page.goto('/pickup/list');
  const filters = page.getByRole('search', { name: '入库出库筛选' });
  // The list opens afresh after each save (the form's tab closes back to it).
  const search = async () => {
    await filters.getByLabel('车架号').fill(`RA${serial}`);
    await filters.getByRole('button', { name: /搜\s*索/ }).click();
  };
  await search();
  for (const car of [carA, carB]) {
    await expect(rowOf(page, car)).toContainText('待出库');
    await rowOf(page, car).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: /车辆放行/ }).click();
  await expect(page).toHaveURL(/\/release\/letpass_add\?car=\d+,\d+$/);
  const batch = new URL(page.url()).search;

  // The form: both preselected on the right, the other contract's vehicles waiting on the left, locked.
  const chosen = pane(page, '本次放行车辆');
  const waiting = pane(page, '待放行车辆');
  await expect(chosen.getByText(carA)).toBeVisible();
  await expect(chosen.getByText(carB)).toBeVisible();
  await expect(waiting.getByText(others[29]!)).toBeVisible();
  await expect(waiting.getByText('一张放行条只能放行同一采购合同的车辆')).toBeVisible();
  await expect(waiting.locator('li', { hasText: others[29]! })).toHaveClass(/disabled/);

  // 保存 names the missing slip and photo with the spec's words.
  await page.getByRole('button', { name: /保\s*存/ }).click();
  for (const text of ['请上传放行条', '请上传离场照片'])
    await expect(page.locator('.ant-form-item-explain-error', { hasText: text })).toBeVisible();

  await dropFiles(page, item(page, '放行条'), [slip]);
  await expect(item(page, '放行条').getByRole('button', { name: '删除 放行条.jpg' })).toBeVisible();
  await dropFiles(page, item(page, '离场照片'), [exterior]);
  await expect(item(page, '离场照片').getByRole('button', { name: '删除 离场.png' })).toBeVisible();
  await dropFiles(page, item(page, '其他照片'), [
    { ...exterior, name: '出场左前.png' },
    { ...slip, name: '出门单.jpg' },
  ]);
  await expect(item(page, '其他照片').getByRole('button', { name: /删除 (出场左前\.png|出门单\.jpg)/ })).toHaveCount(2);
  await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await page.evaluate('window.scrollTo(0, 0)');
  await picture(page, 'release-pass-add');
  await item(page, '其他照片').scrollIntoViewIfNeeded();
  await picture(page, 'release-pass-add-documents');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新建成功')).toBeVisible();
  await expect(page).toHaveURL(/\/pickup\/list$/);

  // The pickup list: both 已出库, with the pass's time.
  await search();
  for (const car of [carA, carB]) await expect(rowOf(page, car)).toContainText('已出库');

  // 编辑出库: the pass's vehicles on the right; carB goes back.
  await rowOf(page, carA)
    .getByRole('button', { name: `编辑出库 ${carA}`, exact: true })
    .click();
  await expect(page).toHaveURL(/\/release\/letpass_edit\/\d+$/);
  await expect(chosen.getByText(carB)).toBeVisible();
  await expect(page.getByText(purchaseNo, { exact: true })).toBeVisible();
  await expect(item(page, '放行条').getByRole('button', { name: '删除 放行条.jpg' })).toBeVisible();
  await picture(page, 'release-pass-edit');
  await chosen.locator('li', { hasText: carB }).click();
  await page.getByRole('button', { name: '移出' }).click();
  await expect(waiting.getByText(carB)).toBeVisible();
  await expect(chosen.getByText(carB)).toHaveCount(0);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('编辑成功')).toBeVisible();
  await expect(page).toHaveURL(/\/pickup\/list$/);

  await search();
  await expect(rowOf(page, carA)).toContainText('已出库');
  await expect(rowOf(page, carB)).toContainText('待出库');

  // The same batch again: the released one is refused with the spec's words, the other is chosen.
  await page.goto(`/release/letpass_add${batch}`);
  await expect(page.locator('.release-pass-refused')).toContainText(`${carA}：已出库的车辆不能再次出库`);
  await expect(chosen.getByText(carB)).toBeVisible();
  await expect(chosen.getByText(carA)).toHaveCount(0);
  await picture(page, 'release-pass-batch-refused');
});
