import { expect, test } from '@playwright/test';
import { ensureAdmin, login } from './support';
import { fixtures, purchaseInRegistry, screenshotTo, yardApi } from './yard-support';

/**
 * The vehicle file as a clerk finds and uses it (issue 23): four characters of a VIN typed in the top
 * bar's search box open the car's file; its plating lacks the 保险单, which the checklist names first;
 * the clerk uploads it right there, and the checklist is complete and the upload is in the car's history.
 * The car gets to the registry with seven of its eight plating documents through the API, as the
 * earlier screens would.
 */

const shots = '/tmp/shots-vehicle-file';
const serial = String(Date.now()).slice(-7);
/** 17 characters, no I, O or Q; the last four are the serial's, so four typed characters find it. */
const vin = `LSVVF0${serial}0${serial.slice(-3)}`.slice(0, 17);

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test('four characters of a VIN open its file, whose missing 保险单 is uploaded from there', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await yardApi(request);
  await purchaseInRegistry(api, { type: 1, purchaseNo: `CG-VF-${serial}`, vins: [vin], seller: `车行${serial}` });
  const scan = await api.upload('document', 'scans/customs-declaration.jpg', '扫描件.jpg');
  const withoutInsurance = ['xsz_image', 'djz_image', 'lp_image', 'fp_image', 'hgz_image', 'ycxzs_image', 'hbqd_image'];
  await api.send('post', '/api/car/plateAdd', {
    vin,
    ...Object.fromEntries(withoutInsurance.map((field) => [field, scan])),
  });

  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);

  // Ctrl+K from any page, four characters, the car among the vehicles found, Enter on it.
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: '全局搜索' });
  await expect(box).toBeFocused();
  await box.pressSequentially(vin.slice(-4), { delay: 50 });
  const found = page.getByRole('option').filter({ hasText: vin });
  await expect(found).toBeVisible();
  await screenshotTo(page, shots, '01-search');
  await found.click();

  await expect(page).toHaveURL(/\/vehicle\/\d+$/);
  await expect(page.locator('.vehicle-file-vin')).toContainText(vin);
  // The missing document first, and the plating at 7 of 8.
  const missing = page.getByRole('list', { name: '缺少的资料' });
  await expect(missing).toContainText('上牌 · 保险单');
  await expect(page.getByLabel('上牌资料完整度')).toHaveText('7/8');
  await screenshotTo(page, shots, '02-file');

  const slot = page.getByLabel('上牌 保险单', { exact: true });
  await expect(slot).toContainText('缺少');
  await slot.getByRole('button', { name: '上传保险单' }).click();
  await slot.locator('input[type=file]').setInputFiles({
    name: '保险单-人保.pdf',
    mimeType: 'application/pdf',
    buffer: await (await import('node:fs/promises')).readFile(`${fixtures}/scans/deregistration-certificate.pdf`),
  });
  await expect(page.getByText('已保存到上牌记录')).toBeVisible({ timeout: 15_000 });

  // Complete: nothing missing, the plating at 8 of 8, the file in its slot.
  await expect(page.getByRole('list', { name: '缺少的资料' })).toHaveCount(0);
  await expect(page.getByLabel('上牌资料完整度')).toHaveText('8/8');
  await expect(slot).toContainText('保险单-人保.pdf');
  await expect(slot).not.toContainText('缺少');

  // The upload is the newest entry of the car's history: the plating's 保险单, from 空 to the file.
  const newest = page.locator('.history-event').first();
  await expect(newest).toContainText('上牌记录');
  await expect(newest).toContainText('保险单');
  await expect(newest).toContainText('保险单-人保.pdf');
  await newest.scrollIntoViewIfNeeded();
  await screenshotTo(page, shots, '03-complete');
});
