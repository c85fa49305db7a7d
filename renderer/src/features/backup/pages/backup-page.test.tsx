import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { backupMessages, type BackupEntry, type BackupRun, type BackupStatus } from '../../../../../contract/backup';
import { FAKE_BACKUP_FOLDER } from '../../../testing/fake-electron-desktop';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { BackupPage, formatSize } from './backup-page';

// The desktop flavour: the folder is chosen here. The browser flavour runs in tests/e2e/backup.spec.ts.
const fake = await vi.hoisted(async () => {
  const { createFakeElectronDesktop } = await import('../../../testing/fake-electron-desktop');
  const created = createFakeElectronDesktop();
  window.desktop = created.bridge;
  return created;
});

configure({ asyncUtilTimeout: 4000 });

const server = scriptedApiForEachTest();

const status = (overrides: Partial<BackupStatus> = {}): BackupStatus => ({
  available: true,
  unavailable: null,
  folder: FAKE_BACKUP_FOLDER,
  lastSuccess: {
    at: '2026-11-20T02:00:00.000Z',
    size: 5 * 1024 * 1024,
    path: `${FAKE_BACKUP_FOLDER}\\2026-11-20T02-00-00-000Z`,
  },
  lastFailure: { at: '2026-11-26T02:00:00.000Z', reason: backupMessages.diskFull },
  running: null,
  restoreAllowed: true,
  ...overrides,
});

const entry: BackupEntry = {
  name: '2026-11-20T02-00-00-000Z',
  at: '2026-11-20T02:00:00.000Z',
  kind: 'daily',
  size: 5 * 1024 * 1024,
  counts: { contracts: 12, vehicles: 340, files: 1200 },
};

const renderPage = () => renderInApp(<BackupPage />, { path: '/setting/backup', initialEntries: ['/setting/backup'] });

describe('数据备份', () => {
  it('shows the folder, the last success and the last failure with its reason', async () => {
    fake.reset();
    server.on('GET /api/backup/status', envelope(200, status()));
    server.on('GET /api/backup/list', envelope(200, { data: [entry] }));
    renderPage();
    expect(await screen.findByText(FAKE_BACKUP_FOLDER)).toBeInTheDocument();
    expect(screen.getByText(/最近一次备份失败/)).toBeInTheDocument();
    expect(screen.getByText(backupMessages.diskFull)).toBeInTheDocument();
    expect(screen.getByText(/5\.0 MB/, { selector: 'td' })).toBeInTheDocument();
    const row = (await screen.findByText('340')).closest('tr') as HTMLElement;
    expect(within(row).getByText('每日自动')).toBeInTheDocument();
    expect(within(row).getByText('1200')).toBeInTheDocument();
  });

  it('立即备份 follows the run to its end and lists the new backup', async () => {
    fake.reset();
    let listed: BackupEntry[] = [];
    server.on('GET /api/backup/status', envelope(200, status({ lastFailure: null })));
    server.on('GET /api/backup/list', () => envelope(200, { data: listed }));
    const running: BackupRun = {
      id: 'r1',
      state: 'running',
      percent: 5,
      step: '复制数据库',
      error: null,
      backup: null,
    };
    server.on('POST /api/backup/run', envelope(200, running));
    let polls = 0;
    server.on('GET /api/backup/run/r1', () => {
      polls += 1;
      if (polls < 2) return envelope(200, { ...running, percent: 70, step: '复制文件' });
      listed = [entry];
      return envelope(200, { ...running, state: 'done', percent: 100, step: '完成', backup: entry });
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /立即备份/ }));
    expect(await screen.findByText('复制文件')).toBeInTheDocument();
    expect(await screen.findByText('备份完成')).toBeInTheDocument();
    expect(await screen.findByText('340')).toBeInTheDocument();
  });

  it('a failed run shows its reason under the bar', async () => {
    fake.reset();
    server.on('GET /api/backup/status', envelope(200, status({ lastFailure: null })));
    server.on('GET /api/backup/list', envelope(200, { data: [] }));
    const reason = backupMessages.folderMissing('E:\\备份');
    server.on(
      'POST /api/backup/run',
      envelope(200, { id: 'r2', state: 'failed', percent: 5, step: '准备', error: reason, backup: null }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /立即备份/ }));
    expect(await within(await screen.findByLabelText('备份进度')).findByText(reason)).toBeInTheDocument();
  });

  it('恢复 says the current data is kept aside before anything is sent', async () => {
    fake.reset();
    server.on('GET /api/backup/status', envelope(200, status()));
    server.on('GET /api/backup/list', envelope(200, { data: [entry] }));
    renderPage();
    const row = (await screen.findByText('340')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /恢复/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('当前数据不会删除');
    expect(dialog).toHaveTextContent('车辆 340 辆');
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests.some((request) => request.path === '/api/backup/restore')).toBe(false);
  });

  it('a server that cannot restore from the page offers no 恢复; 选择文件夹 asks the desktop app', async () => {
    fake.reset();
    server.on('GET /api/backup/status', envelope(200, status({ restoreAllowed: false })));
    server.on('GET /api/backup/list', envelope(200, { data: [entry] }));
    fake.bridge.backup.chooseFolder.mockResolvedValueOnce('E:\\备份');
    renderPage();
    const row = (await screen.findByText('340')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: /恢复/ })).toBeDisabled();
    expect(screen.getByText(backupMessages.restoreNotAllowed)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /选择文件夹/ }));
    expect(fake.bridge.backup.chooseFolder).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('备份文件夹已改为 E:\\备份')).toBeInTheDocument();
  });

  it('sizes read as a clerk reads them', () => {
    expect(formatSize(800)).toBe('1 KB');
    expect(formatSize(2.4 * 1024 * 1024)).toBe('2.4 MB');
    expect(formatSize(1.8 * 1024 * 1024 * 1024)).toBe('1.8 GB');
  });
});
