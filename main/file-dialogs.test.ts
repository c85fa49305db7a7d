import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileDialogs, fileDialogMessages, type OpenDialogOptionsLike } from './file-dialogs';
import { createSettingsStore } from './settings-store';
import { openConfFile } from './testing/conf-file';

const fixture = (name: string) => join('..', 'shared', 'fixtures', name);
const excelTooBig = '文件过大，要读取的excel文件不应超过100KB';
const excelFilters = [{ name: 'Excel 文件', extensions: ['xlsx', 'xls'] }];

describe('file dialogs', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'file-dialogs-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The dialog stand-in records what it was asked and answers what the clerk "picked". */
  const setUp = (picked: string[] | 'cancel') => {
    const asked: OpenDialogOptionsLike[] = [];
    const settings = createSettingsStore(openConfFile(dir, 'settings'));
    const dialogs = createFileDialogs({
      showOpenDialog: async (options) => {
        asked.push(options);
        return picked === 'cancel' ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: picked };
      },
      settings,
      defaultFolder: () => join(dir, 'Downloads'),
    });
    return { asked, dialogs, settings };
  };

  it('opens the native dialog for one file with the title and type filters asked', async () => {
    const { asked, dialogs } = setUp('cancel');
    await dialogs.openFile({ title: '导入车辆', filters: excelFilters, maxBytes: 100 * 1024 });
    expect(asked).toEqual([{ title: '导入车辆', filters: excelFilters, properties: ['openFile', 'dontAddToRecent'] }]);
    expect(asked[0]?.properties).not.toContain('multiSelections');
  });

  it('answers the picked file’s name, size and bytes, never its path', async () => {
    const path = fixture('excel/cars-import.xlsx');
    const { dialogs } = setUp([path]);
    const opened = await dialogs.openFile({ filters: excelFilters, maxBytes: 100 * 1024 });
    const original = readFileSync(path);
    expect(opened?.name).toBe('cars-import.xlsx');
    expect(opened?.size).toBe(original.length);
    expect(opened?.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(opened!.bytes).equals(original)).toBe(true);
    expect(JSON.stringify(Object.keys(opened!))).not.toMatch(/path/i);
  });

  it('reads the legacy .xls and a proof scan too', async () => {
    const xls = await setUp([fixture('excel/cars-import.xls')]).dialogs.openFile({ filters: excelFilters });
    expect(Buffer.from(xls!.bytes).equals(readFileSync(fixture('excel/cars-import.xls')))).toBe(true);
    const proof = await setUp([fixture('scans/customs-declaration.jpg')]).dialogs.openFile({
      filters: [{ name: '支付证明', extensions: ['jpg', 'png', 'jpeg', 'pdf'] }],
      maxBytes: 3 * 1024 * 1024,
    });
    expect(proof?.size).toBe(readFileSync(fixture('scans/customs-declaration.jpg')).length);
  });

  it('answers null when the clerk cancels', async () => {
    expect(await setUp('cancel').dialogs.openFile({ filters: excelFilters })).toBeNull();
    expect(await setUp([]).dialogs.openFile({ filters: excelFilters })).toBeNull();
  });

  it('refuses a file above the limit with the spec’s message', async () => {
    const { dialogs } = setUp([fixture('excel/cars-import-too-big.xlsx')]);
    await expect(
      dialogs.openFile({ filters: excelFilters, maxBytes: 100 * 1024, tooLargeMessage: excelTooBig }),
    ).rejects.toThrow(excelTooBig);
    await expect(dialogs.openFile({ filters: excelFilters, maxBytes: 100 * 1024 })).rejects.toThrow(
      '文件过大，不能超过 100KB',
    );
  });

  it('accepts a file of exactly the limit and refuses one byte more', async () => {
    const exact = join(dir, 'exact.xlsx');
    writeFileSync(exact, Buffer.alloc(1024, 7));
    expect((await setUp([exact]).dialogs.openFile({ filters: excelFilters, maxBytes: 1024 }))?.size).toBe(1024);
    writeFileSync(exact, Buffer.alloc(1025, 7));
    await expect(setUp([exact]).dialogs.openFile({ filters: excelFilters, maxBytes: 1024 })).rejects.toThrow(
      fileDialogMessages.tooLarge(1024),
    );
  });

  it('never reads more than 20MB, whatever the caller asks', async () => {
    const big = join(dir, 'big.xlsx');
    writeFileSync(big, Buffer.alloc(20 * 1024 * 1024 + 1));
    await expect(setUp([big]).dialogs.openFile({ filters: excelFilters })).rejects.toThrow('文件过大，不能超过 20MB');
  });

  it('refuses a type typed past the filter, a folder, and a file that is gone, in Chinese', async () => {
    await expect(
      setUp([fixture('scans/deregistration-certificate.pdf')]).dialogs.openFile({ filters: excelFilters }),
    ).rejects.toThrow(fileDialogMessages.wrongType);
    const folder = join(dir, 'looks-like.xlsx');
    mkdirSync(folder);
    await expect(setUp([folder]).dialogs.openFile({ filters: excelFilters })).rejects.toThrow(
      fileDialogMessages.notAFile,
    );
    await expect(setUp([join(dir, 'gone.xlsx')]).dialogs.openFile({ filters: excelFilters })).rejects.toThrow(
      fileDialogMessages.unreadable,
    );
  });

  it('matches extensions without regard to case', async () => {
    const upper = join(dir, 'CARS.XLSX');
    writeFileSync(upper, 'PK');
    expect((await setUp([upper]).dialogs.openFile({ filters: excelFilters }))?.name).toBe('CARS.XLSX');
  });

  describe('download folder', () => {
    it('starts in Downloads, remembers the chosen folder, and starts there next time', async () => {
      const chosen = join(dir, '导出文件');
      const { asked, dialogs, settings } = setUp([chosen]);
      expect(await dialogs.chooseDownloadFolder()).toBe(chosen);
      expect(asked[0]).toEqual({
        title: fileDialogMessages.folderTitle,
        defaultPath: join(dir, 'Downloads'),
        properties: ['openDirectory', 'createDirectory'],
      });
      expect(settings.getUi().downloadFolder).toBe(chosen);
      // Remembered on disk: a new store (the next start) reads it.
      expect(createSettingsStore(openConfFile(dir, 'settings')).getUi().downloadFolder).toBe(chosen);
      await dialogs.chooseDownloadFolder();
      expect(asked[1]?.defaultPath).toBe(chosen);
    });

    it('keeps the remembered folder when the clerk cancels', async () => {
      const { settings } = setUp('cancel');
      settings.patchUi({ downloadFolder: join(dir, 'kept') });
      expect(await setUp('cancel').dialogs.chooseDownloadFolder()).toBeNull();
      expect(settings.getUi().downloadFolder).toBe(join(dir, 'kept'));
    });
  });
});
