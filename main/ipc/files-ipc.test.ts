import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desktopChannels, desktopEvents, desktopFileMessages, type DownloadProgress } from '../../contract/desktop-api';
import { createDownloads } from '../downloads';
import { createFileDialogs, type OpenDialogOptionsLike } from '../file-dialogs';
import { createSettingsStore } from '../settings-store';
import { openConfFile } from '../testing/conf-file';
import { exportFixture, exportToken, startExportServer, type ExportServer } from '../testing/export-server';
import { foreignSenders, fromApp } from '../testing/ipc-events';
import { filesIpcHandlers } from './files-ipc';
import { appSenderCheck, ipcMessages, type GuardedHandler, type InvokeEventLike } from './ipc-guard';

const exportPath = '/storage/exports/2026/11/9b1e.xlsx';
const excel = { name: 'Excel 文件', extensions: ['xlsx', 'xls'] };

/** Our page asking, with the WebContents progress is sent back to (Electron's `event.sender`). */
function pageEvent(destroyed = false) {
  const sent: { channel: string; progress: DownloadProgress }[] = [];
  const event: InvokeEventLike & { sender: unknown } = {
    ...fromApp,
    sender: {
      send: (channel: string, progress: DownloadProgress) => sent.push({ channel, progress }),
      isDestroyed: () => destroyed,
    },
  };
  return { event, sent };
}

describe('files IPC', () => {
  let server: ExportServer;
  let dir: string;
  beforeAll(async () => {
    server = await startExportServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'files-ipc-'));
    server.requests.length = 0;
    server.behave('xlsx');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const setUp = (picked: string[] = []) => {
    const asked: OpenDialogOptionsLike[] = [];
    const opened: string[] = [];
    const shown: string[] = [];
    const settings = createSettingsStore(openConfFile(dir, 'settings'));
    const downloadsDir = join(dir, 'Downloads');
    const handlers = filesIpcHandlers({
      isTrusted: appSenderCheck(),
      dialogs: createFileDialogs({
        showOpenDialog: async (options) => {
          asked.push(options);
          return { canceled: picked.length === 0, filePaths: picked };
        },
        settings,
        defaultFolder: () => downloadsDir,
      }),
      downloads: createDownloads({
        apiBase: () => server.url,
        token: async () => exportToken,
        folder: () => settings.getUi().downloadFolder,
        defaultFolder: () => downloadsDir,
        openPath: async (path) => {
          opened.push(path);
          return '';
        },
        showItemInFolder: (path) => shown.push(path),
        progressIntervalMs: 0,
      }),
    });
    const handler = (channel: string) => handlers[channel as keyof typeof handlers] as GuardedHandler;
    return {
      asked,
      opened,
      shown,
      settings,
      downloadsDir,
      open: handler(desktopChannels.filesOpen),
      download: handler(desktopChannels.filesDownloadExport),
      downloadArchive: handler(desktopChannels.filesDownloadArchive),
      showInFolder: handler(desktopChannels.filesShowInFolder),
      cancel: handler(desktopChannels.filesCancelDownload),
      chooseFolder: handler(desktopChannels.filesChooseDownloadFolder),
    };
  };

  it('names the progress messages with the desktop: prefix too', () => {
    expect(desktopEvents.downloadProgress.startsWith('desktop:files:')).toBe(true);
    expect(Object.values(desktopEvents).every((channel) => channel.startsWith('desktop:'))).toBe(true);
  });

  it('registers exactly the files channels', () => {
    const handlers = filesIpcHandlers({
      isTrusted: appSenderCheck(),
      dialogs: {} as never,
      downloads: {} as never,
    });
    expect(Object.keys(handlers).sort()).toEqual(
      Object.values(desktopChannels)
        .filter((channel) => channel.startsWith('desktop:files:'))
        .sort(),
    );
  });

  it('passes the type filters to the dialog (extensions in lower case) and answers the bytes', async () => {
    const path = '../shared/fixtures/excel/cars-import.xlsx';
    const ipc = setUp([path]);
    const opened = (await ipc.open(fromApp, {
      title: '导入车辆',
      filters: [{ name: 'Excel 文件', extensions: ['XLSX', 'xls'] }],
      maxBytes: 100 * 1024,
      tooLargeMessage: '文件过大，要读取的excel文件不应超过100KB',
    })) as { name: string; bytes: Uint8Array; size: number };
    expect(ipc.asked[0]).toMatchObject({ title: '导入车辆', filters: [excel] });
    expect(opened.name).toBe('cars-import.xlsx');
    expect(Buffer.from(opened.bytes).equals(readFileSync(path))).toBe(true);
  });

  it('refuses a too-large file over IPC with the message the page gave', async () => {
    const ipc = setUp(['../shared/fixtures/excel/cars-import-too-big.xlsx']);
    await expect(
      ipc.open(fromApp, {
        filters: [excel],
        maxBytes: 100 * 1024,
        tooLargeMessage: '文件过大，要读取的excel文件不应超过100KB',
      }),
    ).rejects.toThrow('文件过大，要读取的excel文件不应超过100KB');
  });

  it.each([
    ['no options', []],
    ['no filters', [{ filters: [] }]],
    ['an extension with a dot', [{ filters: [{ name: 'Excel', extensions: ['.xlsx'] }] }]],
    ['a wildcard extension', [{ filters: [{ name: '全部', extensions: ['*'] }] }]],
    ['a limit above 20MB', [{ filters: [excel], maxBytes: 100 * 1024 * 1024 }]],
    ['a negative limit', [{ filters: [excel], maxBytes: -1 }]],
    ['an unknown option', [{ filters: [excel], defaultPath: '/etc' }]],
    ['an extra argument', [{ filters: [excel] }, 'extra']],
  ])('refuses open options with %s, before any dialog', async (_label, args) => {
    const ipc = setUp(['../shared/fixtures/excel/cars-import.xlsx']);
    const refusal = ipc.open(fromApp, ...args);
    await expect(refusal).rejects.toThrow(/^请求参数不正确/);
    await expect(refusal).rejects.toThrow(/[\u4e00-\u9fff]/);
    expect(ipc.asked).toEqual([]);
  });

  it('downloads an export, sends progress to the asking page, and opens the saved file', async () => {
    server.behave('slow');
    const ipc = setUp();
    const { event, sent } = pageEvent();
    const result = await ipc.download(event, { url: exportPath, suggestedName: '海外合同', downloadId: 'p1' });
    const savedTo = join(ipc.downloadsDir, '海外合同.xlsx');
    expect(result).toEqual({ savedTo, opened: true });
    expect(readFileSync(savedTo).equals(exportFixture)).toBe(true);
    expect(ipc.opened).toEqual([savedTo]);
    expect(sent.length).toBeGreaterThan(2);
    expect(sent.every((message) => message.channel === desktopEvents.downloadProgress)).toBe(true);
    expect(sent.at(-1)?.progress).toMatchObject({ downloadId: 'p1', received: exportFixture.length, percent: 100 });
  });

  it('still saves when the page went away during the download, sending it nothing', async () => {
    const ipc = setUp();
    const { event, sent } = pageEvent(true);
    await expect(ipc.download(event, { url: exportPath, suggestedName: 'a' })).resolves.toMatchObject({ opened: true });
    expect(sent).toEqual([]);
  });

  it('saves to the folder chosen through the folder dialog', async () => {
    const chosen = join(dir, '我的导出');
    const ipc = setUp([chosen]);
    expect(await ipc.chooseFolder(fromApp)).toBe(chosen);
    // Electron's dialog offers "new folder"; here the test makes it.
    mkdirSync(chosen);
    const result = await ipc.download(pageEvent().event, { url: exportPath, suggestedName: 'a.xlsx' });
    expect(result).toMatchObject({ savedTo: join(chosen, 'a.xlsx') });
  });

  it('cancels a running download by its id', async () => {
    server.behave('stall');
    const ipc = setUp();
    const { event, sent } = pageEvent();
    const running = ipc.download(event, { url: exportPath, suggestedName: 'a', downloadId: 'c9' });
    await expect.poll(() => sent.some((message) => message.progress.received > 0)).toBe(true);
    await ipc.cancel(fromApp, 'c9');
    await expect(running).resolves.toEqual({ cancelled: true });
    expect(existsSync(ipc.downloadsDir) ? readdirSync(ipc.downloadsDir) : []).toEqual([]);
  });

  it.each([
    ['an upload, not an export', '/storage/image/2026/11/a.jpg'],
    ['an API path', '/api/staff'],
    ['a full URL elsewhere', 'https://evil.example/storage/exports/a.xlsx'],
    ['a protocol-relative URL', '//evil.example/storage/exports/a.xlsx'],
    ['a climb out of exports', '/storage/exports/../image/a.xlsx'],
    ['an encoded climb', '/storage/exports/%2e%2e/image/a.xlsx'],
    ['a backslash climb', '/storage/exports/..\\image\\a.xlsx'],
    ['a query string', '/storage/exports/a.xlsx?token=1'],
    ['a dot-name', '/storage/exports/.staging/a.xlsx'],
    ['another type', '/storage/exports/2026/11/a.exe'],
  ])('refuses %s in Chinese without any request', async (_label, url) => {
    const ipc = setUp();
    const refusal = ipc.download(pageEvent().event, { url, suggestedName: 'a' });
    await expect(refusal).rejects.toThrow(/^请求参数不正确：只能下载服务器导出的 Excel 文件/);
    expect(server.requests).toEqual([]);
    expect(ipc.opened).toEqual([]);
  });

  it.each([
    ['no request', []],
    ['no name', [{ url: exportPath }]],
    ['a bad download id', [{ url: exportPath, suggestedName: 'a', downloadId: '../x' }]],
    ['an unknown field', [{ url: exportPath, suggestedName: 'a', openWith: 'cmd.exe' }]],
  ])('refuses a download request with %s', async (_label, args) => {
    const ipc = setUp();
    await expect(ipc.download(pageEvent().event, ...args)).rejects.toThrow(/^请求参数不正确/);
    expect(server.requests).toEqual([]);
  });

  it('downloads a contract zip with progress, never opens it, and shows only that file in its folder', async () => {
    server.behave('slow');
    const ipc = setUp();
    const { event, sent } = pageEvent();
    const result = await ipc.downloadArchive(event, {
      url: '/storage/exports/2026/11/0a1b.zip',
      suggestedName: 'HW-2026-001-资料',
      downloadId: 'z1',
    });
    const savedTo = join(ipc.downloadsDir, 'HW-2026-001-资料.zip');
    expect(result).toEqual({ savedTo });
    expect(readFileSync(savedTo).equals(exportFixture)).toBe(true);
    expect(ipc.opened).toEqual([]);
    expect(sent.at(-1)?.progress).toMatchObject({ downloadId: 'z1', percent: 100 });
    await ipc.showInFolder(fromApp, savedTo);
    expect(ipc.shown).toEqual([savedTo]);
    await expect(ipc.showInFolder(fromApp, ipc.downloadsDir)).rejects.toThrow(desktopFileMessages.showRefused);
    await expect(ipc.showInFolder(fromApp, '/etc/passwd')).rejects.toThrow(desktopFileMessages.showRefused);
    await expect(ipc.showInFolder(fromApp)).rejects.toThrow(/^请求参数不正确/);
    await expect(ipc.showInFolder(fromApp, { path: savedTo })).rejects.toThrow(/^请求参数不正确/);
    expect(ipc.shown).toEqual([savedTo]);
  });

  it.each([
    ['an export workbook', '/storage/exports/2026/11/a.xlsx'],
    ['an upload', '/storage/document/2026/11/a.zip'],
    ['a climb out of exports', '/storage/exports/../document/a.zip'],
    ['a full URL elsewhere', 'https://evil.example/storage/exports/a.zip'],
  ])('refuses a contract zip request for %s without any request', async (_label, url) => {
    const ipc = setUp();
    await expect(ipc.downloadArchive(pageEvent().event, { url, suggestedName: 'a' })).rejects.toThrow(
      /^请求参数不正确：只能下载服务器打包的资料压缩包/,
    );
    expect(server.requests).toEqual([]);
  });

  it('refuses bad arguments to cancel and to the folder dialog', async () => {
    const ipc = setUp([dir]);
    await expect(ipc.cancel(fromApp)).rejects.toThrow(/^请求参数不正确/);
    await expect(ipc.cancel(fromApp, { id: 1 })).rejects.toThrow(/^请求参数不正确/);
    await expect(ipc.chooseFolder(fromApp, '/etc')).rejects.toThrow(/^请求参数不正确/);
    expect(ipc.asked).toEqual([]);
  });

  it.each(foreignSenders)('refuses %s on every files channel', async (_label, foreign) => {
    const ipc = setUp(['../shared/fixtures/excel/cars-import.xlsx']);
    const event = { ...foreign, sender: pageEvent().event.sender };
    await expect(ipc.open(event, { filters: [excel] })).rejects.toThrow(ipcMessages.untrustedSender);
    await expect(ipc.download(event, { url: exportPath, suggestedName: 'a' })).rejects.toThrow(
      ipcMessages.untrustedSender,
    );
    await expect(ipc.cancel(event, 'c1')).rejects.toThrow(ipcMessages.untrustedSender);
    await expect(ipc.chooseFolder(event)).rejects.toThrow(ipcMessages.untrustedSender);
    expect(ipc.asked).toEqual([]);
    expect(server.requests).toEqual([]);
    expect(ipc.settings.getUi().downloadFolder).toBe('');
  });
});
