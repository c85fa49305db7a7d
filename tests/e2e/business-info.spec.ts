import { expect, type Page, test } from '@playwright/test';
import { filedCard, finishedContract, searchFiled } from './filing-support';
import { ensureAdmin, login } from './support';
import { dataOf, screenshotTo, shown, yardApi, type YardApi } from './yard-support';

/**
 * The business information page (spec part 2, section 2): a clerk opens a vehicle of a finished overseas
 * contract from the filed list's 业务信息, reads one fact in each of the six tabs (海外合同, 采购合同,
 * 出入库, 上牌过户, 出口报关, 归档), switches to the contract's other vehicle with the 车架号 picker, and
 * corrects a receipt's number from the overseas tab with the receipt dialog of the contract detail.
 */

const shots = '/tmp/shots-b';
const serial = String(Date.now()).slice(-8);
/** 17 characters, no I, O or Q. */
const vin = (row: number) => `LSVBN${serial}${String(row).padStart(4, '0')}`;
const carA = vin(1);
const carB = vin(2);
const orderNo = `HW-BI-${serial}`;
const purchaseNo = `CG-BI-${serial}`;
const seller = `杭州二手车行${serial}`;

const document = (api: YardApi, fixture: string, name: string) => api.upload('document', `scans/${fixture}`, name);
const image = (api: YardApi, fixture: string, name: string) => api.upload('image', `scans/${fixture}`, name);

/**
 * Through the API as the clerks' screens send them: the overseas contract (contract file, agreement, a
 * receipt), a used-car purchase contract, carA checked in and carB without a check-in, a transfer each
 * (carA with its five documents), then the release pass, the declaration, the hand-over and the three
 * filing records of both (filing-support): the contract is finished (6).
 */
async function finishedWithReceipt(api: YardApi): Promise<number> {
  const { orderId } = await finishedContract(api, {
    orderNo,
    vins: [carA, carB],
    customer: `Almaty Motors ${serial}`,
    order: {
      agent: '陈代理',
      pricePerCar: 15_000,
      agreementNo: `DF-${serial}`,
      agreement: await api.upload('agreement', 'scans/deregistration-certificate.docx', '代付协议.docx'),
    },
    purchase: {
      type: 2,
      purchaseNo,
      seller,
      model: () => '丰田 凯美瑞 2020款',
      contracts: [await api.upload('contract', 'scans/deregistration-certificate.pdf', '采购合同.pdf')],
    },
    toRelease: async (_, purchaseId) => {
      await api.send('post', '/api/car/entryAdd', {
        vin: carA,
        dl_name: '王代理',
        vin_image: await image(api, 'customs-declaration.jpg', '车架号.jpg'),
        wg_image: await image(api, 'vehicle-exterior.png', '外观.png'),
        car_image: [await image(api, 'vehicle-exterior.png', '左前.png')],
        remark: '左后门轻微划痕',
      });
      await api.send('put', '/api/car/entryHandOver', { purchase_id: [purchaseId] });
      // carB goes on without a check-in.
      await api.send('put', `/api/car/noentry?purchaseId=${purchaseId}`);
      await api.send('post', '/api/car/transferAdd', {
        vin: carA,
        djz_image: await document(api, 'deregistration-certificate.pdf', '登记证书.pdf'),
        lp_image: await document(api, 'vehicle-exterior.png', '临时牌照.png'),
        usedcar_invoices_image: await document(api, 'customs-declaration.jpg', '二手车发票.jpg'),
        zzs_invoices_image: await document(api, 'deregistration-certificate.docx', '增值税发票.docx'),
        xsz_image: await document(api, 'customs-declaration.jpg', '行驶证.jpg'),
      });
      await api.send('post', '/api/car/transferAdd', { vin: carB });
      await api.send('put', '/api/car/transferHandOver', { purchase_id: [purchaseId] });
    },
    declaration: { bgdSn: `3101${serial}`, money: '30000' },
  });
  // The receipt, collected against the contract (the overseas tab lists it).
  await dataOf(
    await api.request.post(`/api/order/${orderId}/receipt`, {
      headers: api.headers,
      data: {
        amount: '30000',
        currency: 'USD',
        receipt_no: `SK-${serial}`,
        receipted_at: '2026-11-18',
        is_deposit: 0,
        proof: await image(api, 'customs-declaration.jpg', '水单.jpg'),
      },
    }),
    201,
  );
  return orderId;
}

const infoPage = (page: Page) => shown(page, '.business-info-page');
const tab = (page: Page, name: string) => infoPage(page).getByRole('tab', { name, exact: true });
/** Opens a tab and answers its panel. */
async function openTab(page: Page, name: string) {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
  return infoPage(page).getByRole('tabpanel').filter({ visible: true });
}

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
});

test('the clerk reads a finished contract’s vehicle in six tabs, switches vehicle and corrects a receipt', async ({
  page,
  request,
}) => {
  const api = await yardApi(request);
  const orderId = await finishedWithReceipt(api);
  const order = await dataOf<{ status: number; cars: { id: number; vin: string }[] }>(
    await request.get(`/api/order/${orderId}`, { headers: api.headers }),
  );
  expect(order.status).toBe(6);
  const idOf = (text: string) => order.cars.find((car) => car.vin === text)!.id;

  // From the filed list: the vehicle's 业务信息.
  await page.goto('/filed/list');
  await searchFiled(page, orderNo);
  await expect(filedCard(page, orderNo)).toBeVisible();
  await screenshotTo(page, shots, '0-filed-list');
  await page.getByRole('link', { name: `业务信息 ${carA}` }).click();
  await expect(page).toHaveURL(new RegExp(`/filed/info/${orderId}\\?car=${idOf(carA)}$`));
  await expect(infoPage(page).getByText(orderNo).first()).toBeVisible();
  await expect(infoPage(page).locator('.business-info-car-picker')).toContainText(carA);

  // 海外合同: the agreement number and the receipt.
  let panel = await openTab(page, '海外合同');
  await expect(panel.getByText(`DF-${serial}`)).toBeVisible();
  await expect(panel.getByRole('table', { name: '收款记录' }).getByText(`SK-${serial}`)).toBeVisible();
  await screenshotTo(page, shots, '1-overseas');

  // 采购合同: the vehicle's own contract is chosen; its seller and type.
  panel = await openTab(page, '采购合同');
  await expect(panel.getByText(seller, { exact: true })).toBeVisible();
  await expect(panel.getByText('二手车合同')).toBeVisible();
  await screenshotTo(page, shots, '2-purchase');

  // 出入库: the check-in's remark, the release pass's slip.
  panel = await openTab(page, '出入库');
  await expect(panel.getByLabel('入库记录').getByText('左后门轻微划痕')).toBeVisible();
  await expect(panel.getByText('放行条').first()).toBeVisible();
  await screenshotTo(page, shots, '3-yard');

  // 上牌过户: the transfer's documents, all five.
  panel = await openTab(page, '上牌过户');
  await expect(panel.getByLabel('过户记录').getByText('已上传 5/5')).toBeVisible();
  await expect(panel.getByText('暂无上牌记录')).toBeVisible();
  await screenshotTo(page, shots, '4-registry');

  // 出口报关: the declaration number and the amount with its currency.
  panel = await openTab(page, '出口报关');
  await expect(panel.getByText(`3101${serial}`)).toBeVisible();
  await expect(panel.getByText('30,000.00 USD')).toBeVisible();
  await screenshotTo(page, shots, '5-exports');

  // 归档: the tax refund, the deregistration certificate.
  panel = await openTab(page, '归档');
  await expect(panel.getByRole('article', { name: '退税记录 1' }).getByText(carA)).toBeVisible();
  await panel.getByRole('tab', { name: '注销记录' }).click();
  await expect(panel.getByRole('article', { name: '注销记录 1' })).toBeVisible();
  await screenshotTo(page, shots, '6-closing');

  // The other vehicle: no check-in of its own; the address keeps it.
  await infoPage(page).getByLabel('选择车辆').click();
  await page.getByTitle(carB, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?car=${idOf(carB)}$`));
  panel = await openTab(page, '出入库');
  await expect(panel.getByText('暂无入库记录')).toBeVisible();
  await expect(panel.getByText('放行条').first()).toBeVisible();
  panel = await openTab(page, '上牌过户');
  await expect(panel.getByLabel('过户记录').getByText('已上传 0/5')).toBeVisible();
  await screenshotTo(page, shots, '7-other-vehicle');

  // The receipt corrected from the overseas tab.
  panel = await openTab(page, '海外合同');
  await panel.getByLabel(`编辑收款 SK-${serial}`).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('收款单号').fill(`SK-${serial}-A`);
  await dialog.getByLabel('结汇金额').fill('210000');
  await screenshotTo(page, shots, '8-receipt-dialog');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('编辑成功')).toBeVisible();
  await expect(panel.getByRole('table', { name: '收款记录' }).getByText(`SK-${serial}-A`)).toBeVisible();
  await expect(panel.getByRole('table', { name: '收款记录' }).getByText('210,000.00')).toBeVisible();
  const saved = await dataOf<{ receipts: { receipt_no: string; settlement: number }[] }>(
    await request.get(`/api/order/${orderId}`, { headers: api.headers }),
  );
  expect(saved.receipts[0]).toMatchObject({ receipt_no: `SK-${serial}-A`, settlement: 210_000 });
});
