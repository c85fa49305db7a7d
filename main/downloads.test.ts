import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DownloadProgress } from '../contract/desktop-api';
import { exportFileName } from '../contract/desktop-schemas';
import { createDownloads, downloadMessages, type DownloadsDeps } from './downloads';
import { exportFixture, exportToken, startExportServer, type ExportServer } from './testing/export-server';

const exportPath = '/storage/exports/2026/11/0f3c9a.xlsx';

describe('export downloads', () => {
  let server: ExportServer;
  let dir: string;
  let downloadsDir: string;
  let opened: string[];
  let shown: string[];

  beforeAll(async () => {
    server = await startExportServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'downloads-'));
    downloadsDir = join(dir, 'Downloads');
    opened = [];
    shown = [];
    server.requests.length = 0;
    server.behave('xlsx');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const setUp = (overrides: Partial<DownloadsDeps> = {}) =>
    createDownloads({
      apiBase: () => server.url,
      token: async () => exportToken,
      folder: () => '',
      defaultFolder: () => downloadsDir,
      openPath: async (path) => {
        opened.push(path);
        return '';
      },
      showItemInFolder: (path) => shown.push(path),
      progressIntervalMs: 0,
      ...overrides,
    });

  const files = (folder = downloadsDir) => (existsSync(folder) ? readdirSync(folder).sort() : []);

  it('downloads with the bearer token, saves to Downloads, reports progress and opens the file', async () => {
    server.behave('slow');
    const progress: DownloadProgress[] = [];
    const result = await setUp().downloadExport(
      { url: exportPath, suggestedName: '海外合同.xlsx', downloadId: 'd1' },
      (event) => progress.push(event),
    );

    const savedTo = join(downloadsDir, '海外合同.xlsx');
    expect(result).toEqual({ savedTo, opened: true });
    expect(readFileSync(savedTo).equals(exportFixture)).toBe(true);
    expect(server.requests).toEqual([{ path: exportPath, authorization: `Bearer ${exportToken}` }]);
    expect(opened).toEqual([savedTo]);

    // From 0 to the whole file, never backwards, every event naming this download.
    expect(progress.length).toBeGreaterThanOrEqual(4);
    expect(progress[0]).toMatchObject({ received: 0, percent: 0 });
    expect(progress.at(-1)).toEqual({
      downloadId: 'd1',
      url: exportPath,
      received: exportFixture.length,
      total: exportFixture.length,
      percent: 100,
    });
    const received = progress.map((event) => event.received);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(progress.filter((event) => event.percent! > 0 && event.percent! < 100).length).toBeGreaterThan(0);
  });

  it('saves to the remembered folder, and to Downloads when that folder is gone', async () => {
    const remembered = join(dir, '导出');
    mkdirSync(remembered);
    const first = await setUp({ folder: () => remembered }).downloadExport({ url: exportPath, suggestedName: 'a' });
    expect(first).toMatchObject({ savedTo: join(remembered, 'a.xlsx') });
    const second = await setUp({ folder: () => join(dir, 'unplugged-usb') }).downloadExport({
      url: exportPath,
      suggestedName: 'a',
    });
    expect(second).toMatchObject({ savedTo: join(downloadsDir, 'a.xlsx') });
  });

  it('never overwrites: the same name again becomes name (1), name (2)', async () => {
    mkdirSync(downloadsDir);
    writeFileSync(join(downloadsDir, '收款单.xlsx'), 'the clerk’s own file');
    const downloads = setUp();
    const one = await downloads.downloadExport({ url: exportPath, suggestedName: '收款单.xlsx' });
    const two = await downloads.downloadExport({ url: exportPath, suggestedName: '收款单.xlsx' });
    expect(one).toMatchObject({ savedTo: join(downloadsDir, '收款单 (1).xlsx') });
    expect(two).toMatchObject({ savedTo: join(downloadsDir, '收款单 (2).xlsx') });
    expect(readFileSync(join(downloadsDir, '收款单.xlsx'), 'utf8')).toBe('the clerk’s own file');
    expect(files()).toEqual(['收款单 (1).xlsx', '收款单 (2).xlsx', '收款单.xlsx']);
  });

  it.each([
    ['../../.bashrc', '_._.bashrc.xlsx'],
    ['..\\..\\Windows\\win.ini', '_._Windows_win.ini.xlsx'],
    ['合同:2026/11*?"<>|.xlsx', '合同_2026_11______.xlsx'],
    ['CON', '_CON.xlsx'],
    ['CON .xlsx', '_CON.xlsx'],
    ['COM1 .pdf', '_COM1 .pdf.xlsx'],
    ['nul.txt', '_nul.txt.xlsx'],
    ['....xlsx', '导出.xlsx'],
    ['收款\u200b单\u2066.xlsx', '收款单.xlsx'],
    ['  report.   ', 'report.xlsx'],
    ['invoice\u202Exslx.exe', 'invoicexslx.exe.xlsx'],
    ['line\nbreak\t.xlsx', 'linebreak.xlsx'],
    ['...', '导出.xlsx'],
    ['', '导出.xlsx'],
  ])('sanitises the name %j into a plain name inside the folder', async (suggested, expected) => {
    const result = await setUp().downloadExport({ url: exportPath, suggestedName: suggested });
    const savedTo = (result as { savedTo: string }).savedTo;
    expect(dirname(savedTo)).toBe(downloadsDir);
    expect(basename(savedTo)).toBe(expected);
    expect(files()).toEqual([basename(savedTo)]);
    expect(files(dir)).toEqual(['Downloads']);
  });

  it('keeps long names within the file system’s limit', () => {
    const name = exportFileName('车'.repeat(400));
    expect(name.endsWith('.xlsx')).toBe(true);
    expect(Buffer.byteLength(name)).toBeLessThan(255 * 2);
    expect(Array.from(name).length).toBeLessThanOrEqual(125);
  });

  it.each([
    ['not-found', '下载失败：文件不存在（HTTP 404）'],
    ['server-error', '下载失败：服务器响应异常（HTTP 500）'],
  ] as const)('refuses a %s answer in Chinese, saves and opens nothing', async (behaviour, message) => {
    server.behave(behaviour);
    await expect(setUp().downloadExport({ url: exportPath, suggestedName: 'a' })).rejects.toThrow(message);
    expect(files()).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('says the session ended when the token is refused', async () => {
    await expect(
      setUp({ token: async () => 'tok_stale' }).downloadExport({ url: exportPath, suggestedName: 'a' }),
    ).rejects.toThrow('下载失败：登录已过期，请重新登录（HTTP 401）');
    await expect(
      setUp({ token: async () => null }).downloadExport({ url: exportPath, suggestedName: 'a' }),
    ).rejects.toThrow('（HTTP 401）');
    expect(server.requests.at(-1)?.authorization).toBeUndefined();
    expect(files()).toEqual([]);
  });

  it('refuses an answer that is not a workbook (an HTML page with status 200)', async () => {
    server.behave('html');
    await expect(setUp().downloadExport({ url: exportPath, suggestedName: 'a' })).rejects.toThrow(
      downloadMessages.notExcel,
    );
    expect(files()).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('does not follow a redirect with the token', async () => {
    server.behave('redirect');
    await expect(setUp().downloadExport({ url: exportPath, suggestedName: 'a' })).rejects.toThrow(/^下载失败/);
    expect(server.requests.map((request) => request.path)).toEqual([exportPath]);
    expect(files()).toEqual([]);
  });

  it('removes the half-written file when the connection is cut', async () => {
    server.behave('cut');
    await expect(setUp().downloadExport({ url: exportPath, suggestedName: 'a' })).rejects.toThrow(
      downloadMessages.interrupted,
    );
    expect(files()).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('gives up with 下载超时 when the server stops sending, and removes the partial file', async () => {
    server.behave('stall');
    await expect(setUp({ idleTimeoutMs: 300 }).downloadExport({ url: exportPath, suggestedName: 'a' })).rejects.toThrow(
      downloadMessages.timeout,
    );
    expect(files()).toEqual([]);
  });

  it('stops on cancel: answers cancelled, keeps no file, opens nothing', async () => {
    server.behave('stall');
    const downloads = setUp();
    const progress: DownloadProgress[] = [];
    const running = downloads.downloadExport({ url: exportPath, suggestedName: 'a', downloadId: 'c1' }, (event) =>
      progress.push(event),
    );
    await expect.poll(() => progress.some((event) => event.received > 0)).toBe(true);
    downloads.cancel('c1');
    await expect(running).resolves.toEqual({ cancelled: true });
    expect(files()).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('says where it cannot reach the server, and when no server is set', async () => {
    await expect(
      setUp({ apiBase: () => 'http://127.0.0.1:1' }).downloadExport({ url: exportPath, suggestedName: 'a' }),
    ).rejects.toThrow(downloadMessages.network);
    await expect(setUp({ apiBase: () => '' }).downloadExport({ url: exportPath, suggestedName: 'a' })).rejects.toThrow(
      downloadMessages.noServer,
    );
  });

  it('answers saved but not opened, with the reason, when no program opens it', async () => {
    const result = await setUp({ openPath: async () => 'No application is associated' }).downloadExport({
      url: exportPath,
      suggestedName: 'a',
    });
    expect(result).toEqual({
      savedTo: join(downloadsDir, 'a.xlsx'),
      opened: false,
      openError: 'No application is associated',
    });
  });

  describe('shell.openPath only for files this run downloaded', () => {
    it('opens a just-downloaded file again, by any spelling of its path', async () => {
      const downloads = setUp();
      const { savedTo } = (await downloads.downloadExport({ url: exportPath, suggestedName: 'a' })) as {
        savedTo: string;
      };
      expect(await downloads.openDownloaded(join(downloadsDir, 'x', '..', 'a.xlsx'))).toBe('');
      expect(opened).toEqual([savedTo, savedTo]);
    });

    it('refuses every other path, without calling openPath', async () => {
      const downloads = setUp();
      await downloads.downloadExport({ url: exportPath, suggestedName: 'a' });
      const planted = join(downloadsDir, 'planted.xlsx');
      writeFileSync(planted, exportFixture);
      opened.length = 0;
      for (const path of [planted, '/bin/sh', downloadsDir, 'C:\\Windows\\System32\\calc.exe', 'a.xlsx']) {
        await expect(downloads.openDownloaded(path)).rejects.toThrow(downloadMessages.openRefused);
      }
      // Another instance (the next run) knows nothing of this run's files.
      await expect(setUp().openDownloaded(join(downloadsDir, 'a.xlsx'))).rejects.toThrow(downloadMessages.openRefused);
      expect(opened).toEqual([]);
    });

    it('refuses a downloaded path that was replaced by a link to something else', async () => {
      const downloads = setUp();
      const { savedTo } = (await downloads.downloadExport({ url: exportPath, suggestedName: 'a' })) as {
        savedTo: string;
      };
      rmSync(savedTo);
      symlinkSync('/bin/sh', savedTo);
      opened.length = 0;
      await expect(downloads.openDownloaded(savedTo)).rejects.toThrow(downloadMessages.openRefused);
      expect(opened).toEqual([]);
    });
  });

  describe('a finished contract’s document zip', () => {
    const archivePath = '/storage/exports/2026/11/7c2d.zip';

    it('is saved like an export (never overwriting) but not opened, and only it may be shown in its folder', async () => {
      mkdirSync(downloadsDir);
      writeFileSync(join(downloadsDir, 'HW-1-资料.zip'), 'the clerk’s own zip');
      const downloads = setUp();
      const result = await downloads.downloadArchive({ url: archivePath, suggestedName: 'HW-1-资料' });
      const savedTo = join(downloadsDir, 'HW-1-资料 (1).zip');
      expect(result).toEqual({ savedTo });
      expect(readFileSync(savedTo).equals(exportFixture)).toBe(true);
      expect(opened).toEqual([]);

      await downloads.showInFolder(join(downloadsDir, '.', 'HW-1-资料 (1).zip'));
      expect(shown).toEqual([savedTo]);
      for (const path of [join(downloadsDir, 'HW-1-资料.zip'), downloadsDir, '/bin/sh', 'HW-1-资料 (1).zip']) {
        await expect(downloads.showInFolder(path)).rejects.toThrow(downloadMessages.showRefused);
      }
      // Another run knows nothing of this run's files; a link put in the file's place is refused.
      await expect(setUp().showInFolder(savedTo)).rejects.toThrow(downloadMessages.showRefused);
      rmSync(savedTo);
      symlinkSync('/bin/sh', savedTo);
      await expect(downloads.showInFolder(savedTo)).rejects.toThrow(downloadMessages.showRefused);
      expect(shown).toEqual([savedTo]);
    });

    it.each([
      ['HW/1:资料', 'HW_1_资料.zip'],
      ['CON .zip', '_CON.zip'],
      ['\u202e\u200b.zip', '资料.zip'],
    ])(
      'saves the zip suggested as %j under the same name rule as the zip’s own entries (%j)',
      async (suggested, expected) => {
        const result = await setUp().downloadArchive({ url: archivePath, suggestedName: suggested });
        expect(result).toEqual({ savedTo: join(downloadsDir, expected) });
        expect(files()).toEqual([expected]);
      },
    );

    it('refuses what is not a zip, and a zip larger than its limit, leaving nothing behind', async () => {
      server.behave('html');
      await expect(setUp().downloadArchive({ url: archivePath, suggestedName: 'a' })).rejects.toThrow(
        downloadMessages.notZip,
      );
      server.behave('xlsx');
      await expect(
        setUp({ archiveMaxBytes: 1000 }).downloadArchive({ url: archivePath, suggestedName: 'a' }),
      ).rejects.toThrow(downloadMessages.tooLarge);
      expect(files()).toEqual([]);
    });

    it('can be cancelled by its id', async () => {
      server.behave('stall');
      const downloads = setUp();
      const progress: DownloadProgress[] = [];
      const running = downloads.downloadArchive({ url: archivePath, suggestedName: 'a', downloadId: 'z9' }, (event) =>
        progress.push(event),
      );
      await expect.poll(() => progress.some((event) => event.received > 0)).toBe(true);
      downloads.cancel('z9');
      await expect(running).resolves.toEqual({ cancelled: true });
      expect(files()).toEqual([]);
    });
  });

  describe('Mark-of-the-Web (Windows)', () => {
    // On Linux `<file>:Zone.Identifier` is an ordinary file beside the download: the same bytes Windows
    // would keep in the stream, readable here.
    const zoneFile = (savedTo: string) => `${savedTo}:Zone.Identifier`;

    it('marks a workbook fetched over plain HTTP from a server that is not the embedded one, before opening it', async () => {
      let markedWhenOpened = false;
      const result = await setUp({
        platform: 'win32',
        embeddedOrigin: () => '',
        openPath: async (path) => {
          markedWhenOpened = existsSync(zoneFile(path));
          opened.push(path);
          return '';
        },
      }).downloadExport({ url: exportPath, suggestedName: '海外合同' });
      if (!('savedTo' in result)) throw new Error('not saved');
      expect(readFileSync(zoneFile(result.savedTo), 'utf8')).toBe(
        `[ZoneTransfer]\r\nZoneId=3\r\nReferrerUrl=${server.url}\r\nHostUrl=${server.url}${exportPath}\r\n`,
      );
      expect(markedWhenOpened).toBe(true);
    });

    it('marks a contract’s zip the same way (Explorer passes the mark on to what is unpacked)', async () => {
      const result = await setUp({ platform: 'win32' }).downloadArchive({
        url: '/storage/exports/2026/11/docs.zip',
        suggestedName: '资料',
      });
      if (!('savedTo' in result)) throw new Error('not saved');
      expect(readFileSync(zoneFile(result.savedTo), 'utf8')).toContain('ZoneId=3');
    });

    it('leaves a file from the embedded server unmarked', async () => {
      const result = await setUp({ platform: 'win32', embeddedOrigin: () => server.url }).downloadExport({
        url: exportPath,
        suggestedName: 'a',
      });
      if (!('savedTo' in result)) throw new Error('not saved');
      expect(files()).toEqual(['a.xlsx']);
    });

    it('writes nothing beside the file on other systems', async () => {
      await setUp({ platform: 'linux' }).downloadExport({ url: exportPath, suggestedName: 'a' });
      expect(files()).toEqual(['a.xlsx']);
    });

    it('still saves and opens the file when the volume refuses the stream', async () => {
      const warnings: unknown[] = [];
      const result = await setUp({
        platform: 'win32',
        // A folder already named like the stream: writing the mark fails, as on a FAT32 stick.
        openPath: async (path) => {
          opened.push(path);
          return '';
        },
        log: { warn: (...values) => warnings.push(values) },
        defaultFolder: () => {
          mkdirSync(join(downloadsDir, 'b.xlsx:Zone.Identifier'), { recursive: true });
          return downloadsDir;
        },
      }).downloadExport({ url: exportPath, suggestedName: 'b' });
      expect(result).toMatchObject({ opened: true });
      expect(warnings).toHaveLength(1);
    });
  });
});
