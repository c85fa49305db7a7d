import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { ensureAdmin, login } from './support';
import { dataOf, fixtures, formItem, screenshotTo, yardApi } from './yard-support';

/**
 * A clerk attaches one file of each kind the upload slots take and opens each from the slot: the picture
 * zooms, the PDF shows in the app (a blob: document in an iframe, checked by its address, not its
 * pixels), the Word file shows its text, the Excel workbooks show their cells and switch sheets, the
 * text file shows its text, and the legacy .doc and the .zip say they cannot be previewed and download.
 * Screenshots of each kind at 1366×768 go to /tmp/shots-c/.
 */

const SHOTS = '/tmp/shots-c';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

test.use({ viewport: { width: 1366, height: 768 } });

interface Pick {
  fixture: string;
  name: string;
  mimeType: string;
}

const file = (fixture: string, name: string, mimeType = 'application/octet-stream'): Pick => ({
  fixture,
  name,
  mimeType,
});

/** Picks files in a slot as the file dialog would (a full single-file slot takes the pick as a replacement). */
async function pickInto(slot: Locator, picks: Pick[]): Promise<void> {
  await slot.locator('input[type=file]').setInputFiles(
    picks.map((pick) => ({
      name: pick.name,
      mimeType: pick.mimeType,
      buffer: readFileSync(`${fixtures}/${pick.fixture}`),
    })),
  );
  for (const pick of picks)
    await expect(
      slot.getByRole('button', { name: `预览 ${pick.name}` }).or(slot.getByRole('img', { name: pick.name })),
    ).toBeVisible({ timeout: 15_000 });
}

const viewer = (page: Page, name: string) => page.getByRole('dialog', { name });

async function openFromSlot(page: Page, slot: Locator, name: string): Promise<Locator> {
  await slot.getByRole('button', { name: `预览 ${name}` }).click();
  const dialog = viewer(page, name);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function close(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: /^关\s+闭$/ }).click();
  await expect(dialog).toBeHidden();
}

/** 下载 saves the file under the clerk's name, with the fixture's bytes. */
async function downloads(page: Page, button: Locator, name: string, fixture: string): Promise<void> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(name);
  const saved = readFileSync((await download.path())!);
  expect(saved.equals(readFileSync(`${fixtures}/${fixture}`))).toBe(true);
}

test.beforeEach(async ({ page, request }) => {
  await ensureAdmin(request);
  await login(page);
});

test('a new overseas contract’s files: the picture zooms, the PDF, Word and Excel 97 files show, the .doc says why not', async ({
  page,
}) => {
  await page.goto('/overseas/add');
  const contracts = formItem(page, '合同文件');
  await pickInto(contracts, [
    file('scans/customs-declaration.jpg', '报关单.jpg', 'image/jpeg'),
    file('scans/deregistration-certificate.pdf', '注销证明.pdf', 'application/pdf'),
    file('scans/deregistration-certificate.docx', '注销证明.docx'),
    file('scans/deregistration-certificate.doc', '注销证明旧版.doc'),
    file('excel/cars-import.xls', '车辆清单.xls'),
  ]);

  // The picture: antd's preview, zoomed in with its own button (once the upload toasts have gone).
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await contracts.getByRole('img', { name: '报关单.jpg' }).click();
  const picture = page.locator('.ant-image-preview-img');
  await expect(picture).toBeVisible();
  expect(await picture.getAttribute('src')).toMatch(/^blob:/);
  // antd sets the zoom as the picture's inline transform.
  const before = await picture.getAttribute('style');
  await page.locator('.ant-image-preview').getByRole('button', { name: 'zoomIn' }).click();
  await expect.poll(() => picture.getAttribute('style')).not.toBe(before);
  expect(await picture.getAttribute('style')).toMatch(/scale3d\(1\.[1-9]/);
  await screenshotTo(page, SHOTS, '1-picture-zoomed');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-image-preview')).toBeHidden();

  // The PDF: in the app, a blob: document in an iframe.
  let dialog = await openFromSlot(page, contracts, '注销证明.pdf');
  const frame = dialog.locator('iframe[title="注销证明.pdf"]');
  await expect(frame).toBeVisible();
  expect(await frame.getAttribute('src')).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
  // Chromium's viewer heads the document with the file's name, not with the object URL's random id.
  const pdfViewer = () => page.frames().find((candidate) => candidate.url().startsWith('chrome-extension://'));
  await expect.poll(async () => pdfViewer()?.title(), { timeout: 15_000 }).toBe('注销证明.pdf');
  await screenshotTo(page, SHOTS, '2-pdf');
  await close(dialog);

  // Word: the certificate's text.
  dialog = await openFromSlot(page, contracts, '注销证明.docx');
  await expect(dialog.getByText('车架号：LFVAB1230RA200002')).toBeVisible();
  await expect(dialog.getByText('机动车注销证明书')).toBeVisible();
  await screenshotTo(page, SHOTS, '3-docx');
  await close(dialog);

  // Excel 97: the first sheet's cells, then the second sheet.
  dialog = await openFromSlot(page, contracts, '车辆清单.xls');
  await expect(dialog.getByRole('cell', { name: 'LSVAB1235RA100000' })).toBeVisible();
  await screenshotTo(page, SHOTS, '4-xls-first-sheet');
  await dialog.getByRole('tab', { name: '说明' }).click();
  await expect(dialog.getByRole('cell', { name: 'LSVAB123XRA999999' })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'LSVAB1235RA100000' })).toHaveCount(0);
  await close(dialog);

  // Legacy .doc: said so, and 下载.
  dialog = await openFromSlot(page, contracts, '注销证明旧版.doc');
  await expect(dialog.getByText('此类文件无法预览，请下载后查看')).toBeVisible();
  await screenshotTo(page, SHOTS, '5-doc-unsupported');
  await downloads(
    page,
    dialog.getByRole('button', { name: /下\s*载/ }),
    '注销证明旧版.doc',
    'scans/deregistration-certificate.doc',
  );
  await close(dialog);
});

test('the agreement slot’s text file shows its text; the zip put in its place says it cannot be previewed', async ({
  page,
}) => {
  await page.goto('/overseas/add');
  const agreement = formItem(page, '协议文件');
  await pickInto(agreement, [file('scans/deregistration-certificate.txt', '代付协议.txt', 'text/plain')]);
  let dialog = await openFromSlot(page, agreement, '代付协议.txt');
  await expect(dialog.getByText(/注销原因：出口/)).toBeVisible();
  await screenshotTo(page, SHOTS, '6-txt');
  await close(dialog);

  await pickInto(agreement, [file('scans/contract-bundle.zip', '代付协议.zip', 'application/zip')]);
  dialog = await openFromSlot(page, agreement, '代付协议.zip');
  await expect(dialog.getByText('此类文件无法预览，请下载后查看')).toBeVisible();
  await screenshotTo(page, SHOTS, '7-zip-unsupported');
  await downloads(page, dialog.getByRole('button', { name: /下\s*载/ }), '代付协议.zip', 'scans/contract-bundle.zip');
  await close(dialog);
});

test('a registry document slot’s .xlsx shows its cells and switches sheets', async ({ page }) => {
  await page.goto('/dmv/lincense_add');
  const licence = formItem(page, '行驶证');
  await pickInto(licence, [file('excel/cars-import.xlsx', '车辆清单.xlsx')]);
  const dialog = await openFromSlot(page, licence, '车辆清单.xlsx');
  await expect(dialog.getByRole('cell', { name: 'LFVAB1232RA100001' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: '车辆清单', selected: true })).toBeVisible();
  await screenshotTo(page, SHOTS, '8-xlsx');
  await dialog.getByRole('tab', { name: '说明' }).click();
  await expect(dialog.getByRole('cell', { name: '本表第一张工作表为车辆清单；此页不应被读取。' })).toBeVisible();
  await screenshotTo(page, SHOTS, '9-xlsx-second-sheet');
  await close(dialog);
});

test('a Word file too big to show says so and offers 下载 instead of freezing the window', async ({ page }) => {
  test.setTimeout(90_000);
  // A real .docx whose text unpacks to 25 MB (digits: about 2.3:1, so the upload's bounds let it in).
  const zip = await JSZip.loadAsync(readFileSync(`${fixtures}/scans/deregistration-certificate.docx`));
  const digits = Buffer.from(randomBytes(25 * 1024 * 1024).map((byte) => 48 + (byte % 10))).toString('latin1');
  const body = `<w:p><w:r><w:t>${digits}</w:t></w:r></w:p>`;
  const xml = (await zip.file('word/document.xml')!.async('string')).replace(
    /<w:body>[\s\S]*<\/w:body>/,
    `<w:body>${body}</w:body>`,
  );
  zip.file('word/document.xml', xml);
  const bytes = await zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });

  await page.goto('/dmv/lincense_add');
  const licence = formItem(page, '行驶证');
  await licence.locator('input[type=file]').setInputFiles({ name: '大文件.docx', mimeType: DOCX_TYPE, buffer: bytes });
  const dialog = await openFromSlot(page, licence, '大文件.docx');
  await expect(dialog.getByText('文件内容过大（解压后超过 20MB），无法预览，请下载后查看')).toBeVisible({
    timeout: 20_000,
  });
  await screenshotTo(page, SHOTS, '11-docx-too-big');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: /下\s*载/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('大文件.docx');
  expect(readFileSync((await download.path())!).equals(bytes)).toBe(true);
  await close(dialog);
});

test('a saved contract’s detail page opens its files in the same viewer', async ({ page, request }) => {
  const api = await yardApi(request);
  const orderNo = `PV${Date.now()}`;
  const contracts = [
    await api.upload('contract', 'scans/deregistration-certificate.docx', '销售合同.docx'),
    await api.upload('contract', 'excel/cars-import.xls', '车辆清单.xls'),
  ];
  const agreement = await api.upload('agreement', 'scans/contract-bundle.zip', '代付协议.zip');
  const { id } = await dataOf<{ id: number }>(
    await request.post('/api/order', {
      headers: api.headers,
      data: {
        order_no: orderNo,
        amount: 1,
        total: 10000,
        currency: 'USD',
        agent_name: '预览代理人',
        contracts,
        agreement_no: 'XY-001',
        agreement,
        name: `预览客户${orderNo}`,
        address: 'Abay Ave 1, Almaty',
        contact_way: '+7 701 000 0000',
        country: '哈萨克斯坦',
        type_id: 1,
        cars: [],
      },
    }),
    201,
  );

  await page.goto(`/overseas/info/${id}`);
  // Each file a link to the viewer, with its 下载 beside it.
  await expect(page.getByRole('button', { name: '下载 代付协议.zip' })).toBeVisible();
  await screenshotTo(page, SHOTS, '0-record-view-links');
  await page.getByRole('button', { name: '预览 销售合同.docx' }).click();
  let dialog = viewer(page, '销售合同.docx');
  await expect(dialog.getByText('注销原因：出口')).toBeVisible();
  await close(dialog);

  await page.getByRole('button', { name: '预览 车辆清单.xls' }).click();
  dialog = viewer(page, '车辆清单.xls');
  await expect(dialog.getByRole('cell', { name: 'LGBAB1234RA100002' })).toBeVisible();
  await close(dialog);

  await page.getByRole('button', { name: '预览 代付协议.zip' }).click();
  dialog = viewer(page, '代付协议.zip');
  await expect(dialog.getByText('此类文件无法预览，请下载后查看')).toBeVisible();
  await screenshotTo(page, SHOTS, '10-record-view-zip');
  await close(dialog);
});
