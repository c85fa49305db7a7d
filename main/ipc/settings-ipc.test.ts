import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultUiSettings, desktopChannels } from '../../contract/desktop-api';
import { createSettingsStore } from '../settings-store';
import { openConfFile } from '../testing/conf-file';
import { foreignSenders, fromApp } from '../testing/ipc-events';
import { appSenderCheck, ipcMessages, type GuardedHandler } from './ipc-guard';
import { settingsIpcHandlers } from './settings-ipc';

describe('settings IPC', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'settings-ipc-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const setUp = () => {
    const handlers = settingsIpcHandlers({
      isTrusted: appSenderCheck(),
      settings: createSettingsStore(openConfFile(dir, 'settings')),
    });
    return {
      get: handlers[desktopChannels.settingsGet] as GuardedHandler,
      set: handlers[desktopChannels.settingsSet] as GuardedHandler,
    };
  };

  it('answers the contract defaults on a first start', async () => {
    expect(await setUp().get(fromApp)).toEqual(defaultUiSettings);
  });

  it('patches some settings, keeps the others, and remembers them after a restart', async () => {
    const ipc = setUp();
    const next = await ipc.set(fromApp, { themeColor: '#13C2C2', tagsView: false, columns: { staff: ['name'] } });
    expect(next).toEqual({
      ...defaultUiSettings,
      themeColor: '#13C2C2',
      tagsView: false,
      columns: { staff: ['name'] },
    });
    await ipc.set(fromApp, { size: 'mini' });
    expect(await setUp().get(fromApp)).toEqual({ ...(next as object), size: 'mini' });
  });

  it('lets the page put the export folder back to the Downloads folder', async () => {
    const settings = createSettingsStore(openConfFile(dir, 'settings'));
    settings.patchUi({ downloadFolder: join(dir, 'chosen') }); // as main's folder dialog does
    expect(await setUp().set(fromApp, { downloadFolder: '' })).toMatchObject({ downloadFolder: '' });
  });

  it('reads a corrupt or hand-edited file leniently', async () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ui: { size: 'giant', fixedHeader: true, columns: 3 } }));
    expect(await setUp().get(fromApp)).toEqual({ ...defaultUiSettings, fixedHeader: true });
  });

  it.each([
    ['an unknown field', { role: 'admin' }, ''],
    ['a colour that is not #RRGGBB', { themeColor: 'javascript:alert(1)' }, '主题色必须是 #RRGGBB 格式的颜色'],
    ['an unknown size', { size: 'huge' }, '界面尺寸只能是默认、中等、小或迷你'],
    ['a non-boolean switch', { tagsView: 'yes' }, '标签栏开关必须是是或否'],
    ['columns that are not lists of names', { columns: { staff: 'name' } }, ''],
    ['no patch at all', undefined, ''],
    [
      'an export folder the page names itself',
      { downloadFolder: 'C:\\Users\\Public\\Startup' },
      '导出文件夹只能通过选择文件夹对话框设置',
    ],
  ])('refuses %s with a Chinese message and changes nothing', async (_label, patch, message) => {
    const ipc = setUp();
    const refusal = ipc.set(fromApp, ...(patch === undefined ? [] : [patch]));
    await expect(refusal).rejects.toThrow(/^请求参数不正确：[\s\S]*[\u4e00-\u9fff]/);
    if (message) await expect(refusal).rejects.toThrow(message);
    expect(await ipc.get(fromApp)).toEqual(defaultUiSettings);
  });

  it.each(foreignSenders)('refuses %s', async (_label, event) => {
    const ipc = setUp();
    await expect(ipc.get(event)).rejects.toThrow(ipcMessages.untrustedSender);
    await expect(ipc.set(event, { size: 'small' })).rejects.toThrow(ipcMessages.untrustedSender);
    expect(() => readFileSync(join(dir, 'settings.json'))).toThrow();
  });
});
