import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import {
  desktopChannels,
  desktopEvents,
  overdueListPath,
  type DesktopApi,
  type DownloadProgress,
  type ShellNotice,
} from '../contract/desktop-api';

// The Electron binary is absent: a hand-made fake of the two preload APIs records what the preload does.
const fake = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invocations: [] as { channel: string; args: unknown[] }[],
  answer: (_channel: string): Promise<unknown> => Promise.resolve(null),
  /** Stands for what main sends to the page (`webContents.send`). */
  fromMain: null as null | {
    emit(channel: string, ...args: unknown[]): boolean;
    listenerCount(channel: string): number;
  },
}));
vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const fromMain = new Emitter();
  fake.fromMain = fromMain;
  const contextBridge = { exposeInMainWorld: (key: string, api: unknown) => fake.exposed.set(key, api) };
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) => {
      fake.invocations.push({ channel, args });
      return fake.answer(channel);
    },
    send: () => {
      throw new Error('the preload must only invoke');
    },
    on: (channel: string, listener: (...args: unknown[]) => void) => fromMain.on(channel, listener),
    removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
      fromMain.removeListener(channel, listener),
  };
  return { default: { contextBridge, ipcRenderer }, contextBridge, ipcRenderer };
});

await import('./index');
const desktop = fake.exposed.get('desktop') as DesktopApi;

/** Every value reachable in the exposed object: only the `kind` string and functions are allowed. */
function leaves(value: unknown, path = 'desktop'): [string, unknown][] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => leaves(inner, `${path}.${key}`));
  }
  return [[path, value]];
}

describe('preload bridge', () => {
  beforeEach(() => {
    fake.invocations.length = 0;
    fake.answer = () => Promise.resolve(null);
  });

  it('exposes window.desktop and nothing else', () => {
    expect([...fake.exposed.keys()]).toEqual(['desktop']);
    expect(desktop.kind).toBe('electron');
  });

  it('exposes named functions only, never ipcRenderer', () => {
    for (const [path, value] of leaves(desktop)) {
      if (path === 'desktop.kind') continue;
      expect(typeof value, path).toBe('function');
    }
    const names = leaves(desktop).map(([path]) => path);
    expect(names.filter((name) => /\.(ipcRenderer|invoke|send|sendSync|on|once|postMessage)$/.test(name))).toEqual([]);
  });

  it('maps every function to its desktop: channel with its arguments', async () => {
    await desktop.token.get();
    await desktop.token.set('tok_abc');
    await desktop.token.clear();
    await desktop.settings.get();
    await desktop.settings.set({ size: 'small' });
    await desktop.connection.get();
    await desktop.connection.set({ mode: 'office', officeUrl: 'https://10.0.0.5:8787' });
    await desktop.connection.test('https://10.0.0.5:8787');
    await desktop.app.version();
    await desktop.app.notice();
    await desktop.files.openFile({ filters: [{ name: 'Excel', extensions: ['xlsx'] }], maxBytes: 102400 });
    await desktop.files.downloadExport({ url: '/storage/exports/2026/11/a.xlsx', suggestedName: '海外合同.xlsx' });
    await desktop.files.downloadArchive({ url: '/storage/exports/2026/11/b.zip', suggestedName: 'HW-1-资料.zip' });
    await desktop.files.showInFolder('/home/clerk/Downloads/HW-1-资料.zip');
    await desktop.files.cancelDownload('d1');
    await desktop.files.chooseDownloadFolder();
    await desktop.reminders.reportOverdue(3);
    await desktop.backup.folder();
    await desktop.backup.chooseFolder();
    expect(fake.invocations).toEqual([
      { channel: desktopChannels.tokenGet, args: [] },
      { channel: desktopChannels.tokenSet, args: ['tok_abc'] },
      { channel: desktopChannels.tokenClear, args: [] },
      { channel: desktopChannels.settingsGet, args: [] },
      { channel: desktopChannels.settingsSet, args: [{ size: 'small' }] },
      { channel: desktopChannels.connectionGet, args: [] },
      { channel: desktopChannels.connectionSet, args: [{ mode: 'office', officeUrl: 'https://10.0.0.5:8787' }] },
      { channel: desktopChannels.connectionTest, args: ['https://10.0.0.5:8787'] },
      { channel: desktopChannels.appVersion, args: [] },
      { channel: desktopChannels.appNotice, args: [] },
      {
        channel: desktopChannels.filesOpen,
        args: [{ filters: [{ name: 'Excel', extensions: ['xlsx'] }], maxBytes: 102400 }],
      },
      {
        channel: desktopChannels.filesDownloadExport,
        args: [{ url: '/storage/exports/2026/11/a.xlsx', suggestedName: '海外合同.xlsx' }],
      },
      {
        channel: desktopChannels.filesDownloadArchive,
        args: [{ url: '/storage/exports/2026/11/b.zip', suggestedName: 'HW-1-资料.zip' }],
      },
      { channel: desktopChannels.filesShowInFolder, args: ['/home/clerk/Downloads/HW-1-资料.zip'] },
      { channel: desktopChannels.filesCancelDownload, args: ['d1'] },
      { channel: desktopChannels.filesChooseDownloadFolder, args: [] },
      { channel: desktopChannels.remindersReportOverdue, args: [3] },
      { channel: desktopChannels.backupFolder, args: [] },
      { channel: desktopChannels.backupChooseFolder, args: [] },
    ]);
    // Every channel of the contract is reachable, and only those.
    expect(new Set(fake.invocations.map((call) => call.channel))).toEqual(new Set(Object.values(desktopChannels)));
  });

  it('hands download progress to the page without the IPC event, until it unsubscribes', () => {
    const seen: unknown[][] = [];
    const unsubscribe = desktop.files.onDownloadProgress((...args) => seen.push(args));
    const progress: DownloadProgress = {
      downloadId: 'd1',
      url: '/storage/exports/2026/11/a.xlsx',
      received: 10,
      total: 100,
      percent: 10,
    };
    // Electron calls listeners with its event first; that event carries `sender` (ipcRenderer itself).
    const ipcEvent = { sender: new EventEmitter(), ports: [] };
    fake.fromMain?.emit(desktopEvents.downloadProgress, ipcEvent, progress);
    expect(seen).toEqual([[progress]]);

    unsubscribe();
    expect(fake.fromMain?.listenerCount(desktopEvents.downloadProgress)).toBe(0);
    fake.fromMain?.emit(desktopEvents.downloadProgress, ipcEvent, { ...progress, received: 20 });
    expect(seen).toHaveLength(1);
  });

  it('hands the shell notice to the page without the IPC event, until it unsubscribes', () => {
    const seen: unknown[][] = [];
    const unsubscribe = desktop.app.onNotice((...args) => seen.push(args));
    const notice: ShellNotice = {
      pageReloaded: false,
      server: { state: 'restarting', message: '内置服务器意外退出，正在重新启动…' },
    };
    const ipcEvent = { sender: new EventEmitter(), ports: [] };
    fake.fromMain?.emit(desktopEvents.noticeChanged, ipcEvent, notice);
    expect(seen).toEqual([[notice]]);
    unsubscribe();
    expect(fake.fromMain?.listenerCount(desktopEvents.noticeChanged)).toBe(0);
  });

  it('hands the page the screen to open (the overdue notification clicked), until it unsubscribes', () => {
    const seen: unknown[][] = [];
    const unsubscribe = desktop.reminders.onOpen((...args) => seen.push(args));
    const ipcEvent = { sender: new EventEmitter(), ports: [] };
    fake.fromMain?.emit(desktopEvents.remindersOpen, ipcEvent, overdueListPath);
    expect(seen).toEqual([[overdueListPath]]);
    unsubscribe();
    expect(fake.fromMain?.listenerCount(desktopEvents.remindersOpen)).toBe(0);
  });

  it('passes answers through', async () => {
    fake.answer = () => Promise.resolve({ stored: 'encrypted' });
    expect(await desktop.token.set('tok_abc')).toEqual({ stored: 'encrypted' });
  });

  it("hands the renderer main's Chinese message without Electron's wrapper", async () => {
    fake.answer = (channel) =>
      Promise.reject(
        new Error(`Error invoking remote method '${channel}': Error: 请求参数不正确：主题色必须是 #RRGGBB 格式的颜色`),
      );
    await expect(desktop.settings.set({ themeColor: 'red' })).rejects.toThrow(
      /^请求参数不正确：主题色必须是 #RRGGBB 格式的颜色$/,
    );
  });
});
