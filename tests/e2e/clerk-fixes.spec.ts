import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { admin, apiToken, ensureAdmin, login, settled, shot } from './support';

/**
 * What a new clerk hit in part 1, checked at the laptop size the office uses (issue 7, point 6): amounts
 * are refused, never changed; a receipt past the contract total asks; the receipt is in the contract's
 * currency; VINs are judged while typed; the primary buttons are on screen; file names keep to their cell.
 */

const fixtures = '../shared/fixtures';
const serial = String(Date.now()).slice(-8);
const screen = { width: 1366, height: 768 };
test.use({ viewport: screen });
test.describe.configure({ mode: 'serial' });

/** 17 characters, no I, O or Q. */
const vinOf = (row: number) => `LCF${serial}00000${row}`.slice(0, 17);
const firstNo = `FIX-HW-${serial}`;
const filesNo = `FIX-JPG-${serial}`;
const jpgName = '海外合同扫描件第一页.jpg';
const longProofName = 'receipt-proof-2026-11-20-bank-of-china-transfer-scan-final-version.pdf';

const fieldErrors = (scope: Page | Locator) => scope.locator('.ant-form-item-explain-error');

async function headers(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, admin)}` };
}

async function upload(request: APIRequestContext, dir: string, path: string, name: string, mimeType: string) {
  const response = await request.post('/api/upload', {
    headers: await headers(request),
    multipart: { dir, file: { name, mimeType, buffer: readFileSync(`${fixtures}/${path}`) } },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

/** A contract of one car at 10,000 USD, made as the form would make it; answers its id. */
async function createContract(request: APIRequestContext, orderNo: string, vin: string, contract: string) {
  const response = await request.post('/api/order', {
    headers: await headers(request),
    data: {
      order_no: orderNo,
      amount: 1,
      total: 10000,
      currency: 'USD',
      agent_name: 'E2E 代理人',
      contracts: [contract],
      name: `Fix Buyer ${serial}`,
      address: 'Abay Ave 1, Almaty',
      contact_way: '+7 701 000 0000',
      country: '哈萨克斯坦',
      type_id: 1,
      cars: [{ id: 0, vin, model: '大众帕萨特', order_price: 10000, invoice: 0, other: 0 }],
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Wholly inside the window: the clerk sees it without scrolling anything. */
async function expectWhollyOnScreen(target: Locator) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(screen.height);
}

test('the receipt dialog: 确定 on screen, the contract’s currency only, wrong amounts refused, an overpayment asked', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const contract = await upload(
    request,
    'contract',
    'scans/deregistration-certificate.pdf',
    '合同.pdf',
    'application/pdf',
  );
  await createContract(request, firstNo, vinOf(1), contract);
  await login(page);
  await page.goto('/overseas/list');
  await page.getByRole('button', { name: `合同 ${firstNo} 收款` }).click();
  await settled(page);
  const dialog = page.getByRole('dialog', { name: '收款' });
  const ok = dialog.getByRole('button', { name: /确\s*定/ });
  await expectWhollyOnScreen(ok);

  // Fixed to the contract's currency: shown, not offered.
  await expect(dialog.getByLabel('币种')).toHaveValue('USD');
  await expect(dialog.getByLabel('币种')).not.toBeEditable();

  await ok.click();
  await expect(fieldErrors(dialog)).toHaveText([
    '请填写收款金额',
    '请填写收款单号',
    '请选择收款日期',
    '请上传支付证明',
  ]);
  await expectWhollyOnScreen(ok);
  await shot(page, '61-clerk-receipt-errors-1366x768');

  const amount = dialog.getByLabel('金额');
  for (const [typed, said] of [
    ['-100', '收款金额不能为负数'],
    ['12.345', '收款金额最多两位小数'],
    ['9999999999999', '收款金额不能超过 999,999,999,999.99'],
  ] as const) {
    await amount.fill(typed);
    await amount.press('Tab');
    // As typed, never turned into 0.00 or rounded.
    await expect(amount).toHaveValue(typed);
    await expect(fieldErrors(dialog).first()).toHaveText(said);
  }
  await amount.fill('-100');
  await amount.press('Tab');
  await shot(page, '62-clerk-receipt-negative');

  // 15,000 on a 10,000 USD contract: asked, naming both amounts.
  await amount.fill('15000');
  await dialog.getByLabel('收款单号').fill(`SK-${serial}`);
  await dialog.getByLabel('收款日期').fill('2026-11-20');
  await dialog.getByLabel('收款日期').press('Enter');
  await dialog.locator('input[type=file]').setInputFiles(`${fixtures}/scans/customs-declaration.jpg`);
  await expect(dialog.getByRole('img', { name: /customs-declaration\.jpg/ })).toBeVisible();
  await expect(amount).toHaveValue('15,000.00');
  // With the proof's thumbnail shown too.
  await expectWhollyOnScreen(ok);
  await ok.click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('收款将超过合同总额');
  await expect(confirm).toContainText('收款后已收合计 USD 15,000.00，超过合同总额 USD 10,000.00');
  await shot(page, '63-clerk-receipt-over-total');
  await confirm.getByRole('button', { name: /取\s*消/ }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(amount).toHaveValue('15,000.00');
  await expect(dialog.getByLabel('收款单号')).toHaveValue(`SK-${serial}`);

  await ok.click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('the contract form: a negative total stays as typed and is refused; VINs are judged on their row while typed', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  await login(page);
  await page.goto('/overseas/add');
  const total = page.getByLabel('合同总额');
  await total.fill('-100');
  await total.press('Tab');
  await expect(total).toHaveValue('-100');
  await expect(page.getByText('订单总额不能为负数')).toBeVisible();

  await page.getByLabel('订购数量').fill('2');
  await page.getByRole('button', { name: /添加车辆/ }).click();
  const prompt = page.getByRole('dialog', { name: '添加车辆' });
  await prompt.getByLabel('要添加的车辆数').fill('2');
  await prompt.getByRole('button', { name: /确\s*定/ }).click();
  await expect(prompt).toBeHidden();

  // The first contract holds this VIN: marked on the row, naming it, before any save.
  const exists = page.waitForResponse((response) => response.url().includes('/api/car/exists'));
  await page.getByLabel('第1行 车架号').pressSequentially(vinOf(1));
  await exists;
  await expect(page.getByText(`该车架号已在合同 ${firstNo} 中`)).toBeVisible();
  // What is wrong with a VIN, as the Excel preview says it.
  await page.getByLabel('第2行 车架号').pressSequentially('LSVAB1235RAI0000O');
  await expect(page.getByText('车架号不能包含字母 I、O（I、O、Q 不用于车架号）')).toBeVisible();
  await page.getByLabel('第2行 价格').fill('-5');
  await page.getByLabel('第2行 价格').press('Tab');
  await expect(page.getByText('车辆售价不能为负数')).toBeVisible();
  await expect(page.getByLabel('第2行 价格')).toHaveValue('-5');
  await page.getByLabel('第1行 车架号').scrollIntoViewIfNeeded();
  await shot(page, '64-clerk-form-vin-and-money');
});

test('file names keep to their table cell, and a JPG contract file is named under its thumbnail', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const jpg = await upload(request, 'contract', 'scans/customs-declaration.jpg', jpgName, 'image/jpeg');
  const id = await createContract(request, filesNo, vinOf(2), jpg);
  const proof = await upload(
    request,
    'image',
    'scans/deregistration-certificate.pdf',
    longProofName,
    'application/pdf',
  );
  const receipt = await request.post(`/api/order/${id}/receipt`, {
    headers: await headers(request),
    data: {
      amount: 5000,
      currency: 'USD',
      receipt_no: `SK-F-${serial}`,
      receipted_at: '2026-11-20',
      is_deposit: 0,
      proof,
    },
  });
  expect(receipt.status()).toBe(201);

  await login(page);
  await page.goto(`/overseas/info/${id}`);
  const thumbnail = page.getByRole('img', { name: jpgName });
  await expect(thumbnail).toBeVisible();
  const caption = page.locator('figure', { has: thumbnail }).locator('figcaption');
  await expect(caption).toHaveText(jpgName);
  await shot(page, '65-clerk-detail-jpg-name');

  const name = page.locator(`.stored-file-name[title="${longProofName}"]`);
  await name.scrollIntoViewIfNeeded();
  await expect(name).toBeVisible();
  const [nameBox, cellBox] = await name.evaluate((element) => {
    const cell = element.closest('td')!;
    const rect = (target: { getBoundingClientRect(): { left: number; right: number } }) => {
      const { left, right } = target.getBoundingClientRect();
      return { left, right };
    };
    return [rect(element), rect(cell)];
  });
  expect(nameBox.right).toBeLessThanOrEqual(cellBox.right);
  // Cut short with …, and the whole name on hover.
  expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await shot(page, '66-clerk-detail-file-name-in-cell');
});

test('移交采购: a new contract is handed to purchasing from its list row and from its detail page', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const contract = await upload(
    request,
    'contract',
    'scans/deregistration-certificate.pdf',
    '合同.pdf',
    'application/pdf',
  );
  const fromList = `FIX-HO-${serial}`;
  const fromDetail = `FIX-HD-${serial}`;
  await createContract(request, fromList, vinOf(5), contract);
  const detailId = await createContract(request, fromDetail, vinOf(6), contract);
  await login(page);

  await page.goto('/overseas/list');
  const action = page.getByRole('button', { name: `合同 ${fromList} 移交采购` });
  await action.click();
  const question = page.getByRole('dialog').filter({ hasText: '是否确定要将该业务移交采购流程?' });
  await expect(question).toBeVisible();
  await shot(page, '67-clerk-hand-over-confirm');
  await question.getByRole('button', { name: /^移\s*交$/ }).click();
  await expect(page.getByText('移交成功')).toBeVisible();
  // Handed over: the action is gone from that row, and the server says so too.
  await expect(action).toHaveCount(0);

  await page.goto(`/overseas/info/${detailId}`);
  await page.getByRole('button', { name: /移交采购/ }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '是否确定要将该业务移交采购流程?' })
    .getByRole('button', { name: /^移\s*交$/ })
    .click();
  await expect(page.getByText('移交成功')).toBeVisible();
  await expect(page.getByRole('button', { name: /移交采购/ })).toHaveCount(0);
  const answer = await request.put(`/api/order/${detailId}/handOver`, { headers: await headers(request) });
  expect(answer.status()).toBe(409);
});
