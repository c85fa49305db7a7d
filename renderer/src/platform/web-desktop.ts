import {
  noShellNotice,
  type ConnectionState,
  type ConnectionTestResult,
  type DesktopApi,
  type TokenSaveResult,
  type UiSettings,
} from '../../../contract/desktop-api';
import { readUiSettings, uiSettingsPatchSchema } from '../../../contract/desktop-schemas';
import { createWebFiles, type WebFilesOptions } from './web-files';

/** Storage keys: the token lives with the tab (sessionStorage), interface choices survive it (localStorage). */
export const webStorageKeys = {
  token: 'vehicle-export.token',
  uiSettings: 'vehicle-export.ui-settings',
} as const;

declare const __APP_VERSION__: string | undefined;

/** Version baked in at build time when vite defines `__APP_VERSION__`; the package version otherwise. */
function appVersion(): string {
  return typeof __APP_VERSION__ === 'string' && __APP_VERSION__ ? __APP_VERSION__ : '0.1.0';
}

/** A corrupt or foreign value in localStorage must never break the interface: keep only well-typed fields. */
function loadUiSettings(storage: Storage): UiSettings {
  const raw = storage.getItem(webStorageKeys.uiSettings);
  if (!raw) return readUiSettings(undefined);
  try {
    return readUiSettings(JSON.parse(raw));
  } catch {
    return readUiSettings(undefined);
  }
}

export interface WebDesktopOptions {
  session?: Storage;
  local?: Storage;
  fetch?: typeof fetch;
  /** Milliseconds before the health check gives up. */
  testTimeoutMs?: number;
  files?: WebFilesOptions;
}

/** The browser flavour of the desktop bridge: same origin API, token gone with the tab. */
export function createWebDesktop(options: WebDesktopOptions = {}): DesktopApi {
  const session = () => options.session ?? window.sessionStorage;
  const local = () => options.local ?? window.localStorage;
  const doFetch = (...args: Parameters<typeof fetch>) => (options.fetch ?? window.fetch.bind(window))(...args);
  const timeoutMs = options.testTimeoutMs ?? 5000;
  const connection: ConnectionState = { mode: 'embedded', officeUrl: '', apiBase: '' };

  return {
    kind: 'web',
    token: {
      async get() {
        return session().getItem(webStorageKeys.token);
      },
      async set(token: string): Promise<TokenSaveResult> {
        session().setItem(webStorageKeys.token, token);
        return { stored: 'session' };
      },
      async clear() {
        session().removeItem(webStorageKeys.token);
      },
    },
    settings: {
      async get() {
        return loadUiSettings(local());
      },
      async set(patch: Partial<UiSettings>) {
        const parsed = uiSettingsPatchSchema.safeParse(patch);
        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '设置内容不正确');
        const next = { ...loadUiSettings(local()), ...parsed.data };
        local().setItem(webStorageKeys.uiSettings, JSON.stringify(next));
        return next;
      },
    },
    connection: {
      async get() {
        return { ...connection };
      },
      async set() {
        throw new Error('浏览器版本直接使用当前网址的服务器，不能更改服务器连接；如需切换请在桌面应用中设置');
      },
      async test(url: string): Promise<ConnectionTestResult> {
        const base = url.trim().replace(/\/+$/, '');
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), timeoutMs);
        try {
          const res = await doFetch(`${base}/api/health`, { signal: controller.signal });
          if (res.ok) return { ok: true, message: '连接成功' };
          return { ok: false, message: `服务器响应异常（HTTP ${res.status}）` };
        } catch {
          return {
            ok: false,
            message: controller.signal.aborted
              ? '连接超时，请检查服务器地址和网络'
              : '无法连接服务器，请检查服务器地址和网络',
          };
        } finally {
          clearTimeout(timer);
        }
      },
    },
    app: {
      async version() {
        return appVersion();
      },
      // The browser has no shell of its own to report on.
      async notice() {
        return noShellNotice;
      },
      onNotice: () => () => undefined,
    },
    files: createWebFiles(options.files),
    // The browser has no system notification of its own: the top bar's bell shows the overdue count.
    reminders: {
      async reportOverdue() {
        return false;
      },
      onOpen: () => () => undefined,
    },
    // The browser's server backs up to its own BACKUP_DIR, which the page shows read-only.
    backup: {
      async folder() {
        return null;
      },
      async chooseFolder() {
        return null;
      },
    },
  };
}
