import { expect, test, type Locator, type Page } from '@playwright/test';
import { ensureAdmin, login } from './support';
import {
  dropInto as dropIntoSlot,
  formItem,
  PDF,
  saveSeeing,
  scan as doc,
  screenshotTo,
  shown,
  yardApi,
  type DroppedFile,
  type YardApi,
} from './yard-support';
import { type FilingDocuments, filingDocuments, finishedContract, transferPane as pane } from './filing-support';

/**
 * Filing (归档) as its clerk lives it (spec part 2, sections 2 and 5): an overseas contract's two vehicles
 * were declared for export, released and handed to filing (set up through the API, as the earlier screens
 * would). On the filed list its card shows both vehicles with nothing done; the clerk records the tax
 * refund (退税), the deregistration with its certificate (注销) and the freight with its invoice and
 * payment slip (运费), each from the card, and sees the card finish with 下载. The contract's detail page
 * (归档详情) and its part-1 record view show the three records; a deregistration opens again for editing.
 * A few other contracts' vehicles wait in filing beside it.
 */

const shots = '/tmp/shots-c';
const serial = String(Date.now()).slice(-8);
/** 17 characters, no I, O or Q; the serial finds this spec's vehicles among other specs' leftovers. */
const vin = (prefix: string, row: number) => `${prefix}${serial}${String(row).padStart(4, '0')}`;
const carA = vin('LSVGA', 1);
const carB = vin('LSVGA', 2);
const orderNo = `E2E-GD-${serial}`;

const save = (page: Page) => page.getByRole('button', { name: /保\s*存/ }).click();

/** A filing form opened from the card: these vehicles (all the contract's waiting ones) already chosen. */
async function expectChosen(page: Page, vins: readonly string[]) {
  await expect(pane(page, '已选择').locator('.vehicle-transfer-vin')).toHaveText([...vins]);
}

/** Drops one file on the labelled slot of the filing form on view and waits until it is uploaded. */
const dropInto = (page: Page, label: string, file: DroppedFile) =>
  dropIntoSlot(page, shown(page, '.filing-form-page'), label, file);

/** An overseas contract of `vins` handed to filing (filing-support), bought on one new-car contract; its id. */
async function contractInFiling(
  api: YardApi,
  documents: FilingDocuments,
  number: string,
  vins: string[],
  customer: string,
): Promise<number> {
  const { orderId } = await finishedContract(api, {
    orderNo: number,
    vins,
    customer,
    purchase: {
      type: 1,
      purchaseNo: `CG-${number}`,
      seller: `杭州车行${serial}`,
      model: (index) => (index % 2 === 0 ? '丰田 卡罗拉 1.8L' : '比亚迪 汉 EV'),
    },
    until: 'filing',
    documents,
  });
  return orderId;
}

/** The filed list on view, searched by this contract's number; its card's head row and its vehicles. */
async function searchCard(page: Page) {
  const filters = shown(page, '.filed-list-page').getByRole('search', { name: '归档筛选' });
  await filters.getByLabel('海外合同号').fill(orderNo);
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
  // The cards' head rows (the vehicles' rows inside them name no contract).
  await expect(shown(page, '.filed-list-page .paged-table tr.ant-table-row').filter({ hasText: 'E2E-GD' })).toHaveCount(
    1,
  );
}
const cardOf = (page: Page): Locator =>
  shown(page, '.filed-list-page .paged-table tr.ant-table-row').filter({ hasText: orderNo });
const vehiclesOf = (page: Page) => page.getByRole('table', { name: `海外合同 ${orderNo} 的车辆` });
/** A vehicle's filing words on the card (its tags read as one sentence). */
const filingOf = (page: Page, car: string) =>
  expect(vehiclesOf(page).locator('tr', { hasText: car }).locator('.filed-car-status'));

async function picture(page: Page, name: string) {
  // The pointer off the buttons: a hovered button is drawn paler.
  await page.mouse.move(1340, 740);
  await screenshotTo(page, shots, name);
}

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
});

test('a contract’s vehicles refunded, deregistered and freighted from its card, which then finishes with 下载', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await yardApi(request);
  const files = await filingDocuments(api);
  // Other contracts' vehicles wait in filing too (the list a clerk really sees).
  for (let index = 1; index <= 4; index += 1) {
    const vins = Array.from({ length: 6 }, (_, row) => vin(`LSVG${'BCDE'[index - 1]}`, row + 1));
    await contractInFiling(api, files, `E2E-GD${index}-${serial}`, vins, `塔什干汽车贸易${index}号`);
  }
  const orderId = await contractInFiling(api, files, orderNo, [carA, carB], `阿拉木图车行${serial}`);

  // The filed list: this contract's card, both vehicles with nothing done yet, no 下载.
  await page.goto('/filed/list');
  await expect(shown(page, '.filed-list-page .paged-table tr.ant-table-row').first()).toBeVisible();
  await picture(page, 'filed-list');
  await searchCard(page);
  await expect(cardOf(page)).toContainText(`阿拉木图车行${serial}`);
  await expect(cardOf(page)).toContainText('2 台');
  await expect(cardOf(page).getByRole('button', { name: `海外合同 ${orderNo} 下载` })).toHaveCount(0);
  for (const car of [carA, carB])
    await filingOf(page, car).toHaveAttribute('aria-label', '退税未完成，运费未完成，注销未完成');

  // 退税: the contract's waiting vehicles come chosen (issue 24 point 2); both refunded.
  await cardOf(page)
    .getByRole('button', { name: `海外合同 ${orderNo} 退税` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/filed/tax_add/${orderId}$`));
  const taxPage = shown(page, '.filing-form-page');
  await expect(taxPage.locator('.filed-contract-head')).toContainText(orderNo);
  await expect(taxPage.locator('.filed-contract-head')).toContainText('共采购 2 台');
  await expectChosen(page, [carA, carB]);
  await picture(page, 'filed-tax-add');
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/filed\/list$/);
  await searchCard(page);
  await filingOf(page, carA).toHaveAttribute('aria-label', /退税已完成/);
  // Nothing left to refund: 退税 says so instead of opening an empty form.
  await expect(cardOf(page).getByRole('button', { name: `海外合同 ${orderNo} 退税` })).toBeDisabled();

  // 注销: the certificate is required; both deregistered with the scanned certificate.
  await cardOf(page)
    .getByRole('button', { name: `海外合同 ${orderNo} 注销` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/filed/freeze_add/${orderId}$`));
  await expectChosen(page, [carA, carB]);
  await save(page);
  await expect(page.locator('.ant-form-item-explain-error', { hasText: '请上传注销证明' })).toBeVisible();
  await dropInto(page, '注销证明', doc('deregistration-certificate.pdf', '注销证明.pdf', PDF));
  await picture(page, 'filed-freeze-add');
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/filed\/list$/);

  // 运费: the invoice and the payment slip, and a photo of the loading.
  await searchCard(page);
  await cardOf(page)
    .getByRole('button', { name: `海外合同 ${orderNo} 运费` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/filed/freight_add/${orderId}$`));
  await expectChosen(page, [carA, carB]);
  await dropInto(page, '运费发票', doc('customs-declaration.jpg', '运费发票.jpg', 'image/jpeg'));
  await dropInto(page, '运费付款单', doc('deregistration-certificate.pdf', '运费付款单.pdf', PDF));
  await dropInto(page, '其他照片', doc('vehicle-exterior.png', '装船.png', 'image/png'));
  await picture(page, 'filed-freight-add');
  await formItem(shown(page, '.filing-form-page'), '其他照片').scrollIntoViewIfNeeded();
  await picture(page, 'filed-freight-add-documents');
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/filed\/list$/);

  // The card: every vehicle done, the contract finished, 下载 offered.
  await searchCard(page);
  for (const car of [carA, carB])
    await filingOf(page, car).toHaveAttribute('aria-label', '退税已完成，运费已完成，注销已完成');
  await expect(cardOf(page)).toContainText('已完成');
  await expect(cardOf(page).getByRole('button', { name: `海外合同 ${orderNo} 下载` })).toBeVisible();
  await picture(page, 'filed-list-finished');

  // 详情: the three records; the deregistration opens again for editing with its vehicles and certificate.
  await cardOf(page)
    .getByRole('button', { name: `海外合同 ${orderNo} 详情` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/filed/detail/${orderId}$`));
  const detail = shown(page, '.filed-detail-page');
  await expect(detail.getByRole('article', { name: '退税记录 1' })).toContainText(carA);
  // Finished: no vehicle is left for a new record; the records are edited from their tabs.
  for (const name of [/退\s*税$/, /注\s*销$/, /运\s*费$/])
    await expect(detail.getByRole('button', { name })).toBeDisabled();
  await picture(page, 'filed-detail');
  await detail.getByRole('tab', { name: '运费记录' }).click();
  await expect(detail.getByRole('article', { name: '运费记录 1' })).toContainText(carB);
  await picture(page, 'filed-detail-freight');
  await detail.getByRole('tab', { name: '注销记录' }).click();
  await detail.getByRole('link', { name: '编辑注销记录 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/filed/freeze_edit/${orderId}/\\d+$`));
  for (const car of [carA, carB]) await expect(pane(page, '已选择').getByText(car)).toBeVisible();
  await expect(formItem(shown(page, '.filing-form-page'), '注销证明')).toContainText('注销证明.pdf');
  await picture(page, 'filed-freeze-edit');

  // The contract's own detail page (spec part 1's record view) shows the records as made.
  await page.goto(`/overseas/info/${orderId}`);
  const records = shown(page, '.overseas-detail-page .record-tabs');
  await expect(records.getByRole('article', { name: '退税记录 1' })).toContainText(carB);
  await records.getByRole('tab', { name: '注销记录' }).click();
  await expect(records.getByRole('article', { name: '注销记录 1' })).toContainText(carA);
});
