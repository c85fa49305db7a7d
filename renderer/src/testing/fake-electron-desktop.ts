/*
 * Test helper, never bundled: a stand-in for Electron's preload bridge (`window.desktop`), for the screens whose
 * Electron flavour is what a test is about. It keeps its state in memory like main does and records every call
 * (vi.fn), so a test can check what the screen asked of the shell and script what the shell answers.
 *
 * `platform/desktop.ts` picks the bridge once, when it is first imported: install the fake before that, from
 * `vi.hoisted`, and call `reset` between tests rather than installing another.
 */
import { vi } from 'vitest';
import {
  defaultUiSettings,
  noShellNotice,
  type ConnectionSettings,
  type ConnectionState,
  type ConnectionTestResult,
  type DesktopApi,
  type TokenSaveResult,
  type UiSettings,
} from '../../../contract/desktop-api';

/** Where the fake embedded server listens. */
/** The embedded server's backup folder the fake shell reports. */
export const FAKE_BACKUP_FOLDER = 'C:\\Users\\clerk\\Documents\\二手车出口业务管理系统\\备份';

export const FAKE_EMBEDDED_BASE = 'http://127.0.0.1:47321';

export interface FakeElectronDesktopOptions {
  connection?: Partial<ConnectionState>;
  /** What `connection.test` answers for a URL (default: 连接成功). */
  testResult?: (url: string) => ConnectionTestResult;
  /** What `token.set` answers (default: encrypted). */
  tokenSaveResult?: TokenSaveResult;
}

export function createFakeElectronDesktop(initial: FakeElectronDesktopOptions = {}) {
  let options = initial;
  let token: string | null = null;
  let settings: UiSettings = { ...defaultUiSettings, columns: {} };
  let connection: ConnectionState = { mode: 'embedded', officeUrl: '', apiBase: FAKE_EMBEDDED_BASE };
  const refused = () => Promise.reject(new Error('测试中没有文件对话框'));

  const bridge = {
    kind: 'electron' as const,
    token: {
      get: vi.fn(async () => token),
      set: vi.fn(async (next: string): Promise<TokenSaveResult> => {
        token = next;
        return options.tokenSaveResult ?? { stored: 'encrypted' };
      }),
      clear: vi.fn(async () => {
        token = null;
      }),
    },
    settings: {
      get: vi.fn(async () => settings),
      set: vi.fn(async (patch: Partial<UiSettings>) => {
        settings = { ...settings, ...patch };
        return settings;
      }),
    },
    connection: {
      get: vi.fn(async () => ({ ...connection })),
      // As main does: office mode calls the office URL, embedded mode the server it starts.
      set: vi.fn(async (next: ConnectionSettings): Promise<ConnectionState> => {
        connection = { ...next, apiBase: next.mode === 'office' ? next.officeUrl : FAKE_EMBEDDED_BASE };
        return { ...connection };
      }),
      test: vi.fn(async (url: string) => options.testResult?.(url) ?? { ok: true, message: '连接成功' }),
    },
    app: {
      version: vi.fn(async () => '0.1.0'),
      notice: vi.fn(async () => noShellNotice),
      onNotice: vi.fn(() => () => undefined),
    },
    files: {
      openFile: vi.fn(refused),
      downloadExport: vi.fn(refused),
      downloadArchive: vi.fn(refused),
      showInFolder: vi.fn(async () => undefined),
      cancelDownload: vi.fn(async () => undefined),
      chooseDownloadFolder: vi.fn(async () => null),
      onDownloadProgress: vi.fn(() => () => undefined),
    },
    reminders: {
      reportOverdue: vi.fn(async (count: number) => count > 0),
      onOpen: vi.fn((_listener: (path: string) => void) => () => undefined),
    },
    backup: {
      folder: vi.fn(async (): Promise<string | null> => FAKE_BACKUP_FOLDER),
      chooseFolder: vi.fn(async (): Promise<string | null> => null),
    },
  } satisfies DesktopApi;

  /** Back to a fresh shell with these options; the calls recorded so far are forgotten. */
  const reset = (next: FakeElectronDesktopOptions = {}) => {
    options = next;
    token = null;
    settings = { ...defaultUiSettings, columns: {} };
    connection = { mode: 'embedded', officeUrl: '', apiBase: FAKE_EMBEDDED_BASE, ...next.connection };
    for (const group of Object.values(bridge)) {
      if (typeof group === 'object') Object.values(group).forEach((fn) => fn.mockClear());
    }
  };
  reset(initial);

  return { bridge, reset };
}

export type FakeElectronDesktop = ReturnType<typeof createFakeElectronDesktop>;
