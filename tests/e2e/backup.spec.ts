import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { admin, apiToken, createAccount, ensureAdmin, login } from './support';

/**
 * 系统设置 → 数据备份 in the browser (issue 27), on the e2e server: `main.ts serve` on SQLite with
 * BACKUP_DIR, the one server of its database, so it restarts itself for a restore. The administrator
 * backs up with 立即备份 and watches the progress; an account is added after the backup; the restore of
 * that backup (confirmed, saying the current data is kept aside) takes the account away again.
 */

const shots = '/tmp/27-shots';
const serial = String(Date.now()).slice(-6);
const later = { username: `later${serial}`, password: 'Later@2026', nickname: `备份后${serial}`, phone: '13900000027' };

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  mkdirSync(shots, { recursive: true });
});

const accountNames = async (request: Parameters<typeof apiToken>[0]) => {
  const token = await apiToken(request, admin);
  const response = await request.get('/api/user?page=1&limit=100', { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data: { data: { username: string }[] } };
  return body.data.data.map((staff) => staff.username);
};

test('立即备份 shows its progress and lists the backup; 恢复 switches back to it and keeps the data aside', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await login(page);
  await page.getByRole('navigation', { name: '主菜单' }).getByText('系统设置').click();
  await page.getByRole('navigation', { name: '主菜单' }).getByText('数据备份').click();
  await expect(page).toHaveURL(/\/setting\/backup$/);
  await expect(page.getByText('备份文件夹')).toBeVisible();
  await expect(page.getByText(/backups$/)).toBeVisible();

  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  const before = await rows.count();
  await page.getByRole('button', { name: '立即备份' }).click();
  await expect(page.getByText('备份完成', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('备份进度')).toContainText('完成');
  await expect(rows).toHaveCount(before + 1);
  await expect(page.getByText('最近一次成功备份')).toBeVisible();
  await expect(page.getByText('还没有成功的备份')).toHaveCount(0);
  await page.screenshot({ path: `${shots}/backup-done.png` });

  // Written after the backup: the restore takes it away.
  await createAccount(request, later);
  expect(await accountNames(request)).toContain(later.username);

  // The newest backup is the first row.
  await rows.first().getByRole('button', { name: '恢复' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '恢复备份' });
  await expect(dialog).toContainText('当前数据不会删除');
  await expect(dialog).toContainText(/车辆 \d+ 辆/);
  await page.screenshot({ path: `${shots}/backup-restore-confirm.png` });
  await dialog
    .getByRole('button', { name: '恢 复' })
    .or(dialog.getByRole('button', { name: '恢复' }))
    .click();
  await expect(page.getByText(/已恢复到 .* 的备份/)).toBeVisible({ timeout: 60_000 });

  expect(await accountNames(request)).not.toContain(later.username);
  // The page still works on the restored data, and the backup is still offered.
  await page.reload();
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: `${shots}/backup-after-restore.png` });
});
