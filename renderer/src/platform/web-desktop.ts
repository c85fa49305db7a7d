import {
  defaultUiSettings,
  type ConnectionState,
  type ConnectionTestResult,
  type DesktopApi,
  type TokenSaveResult,
  type UiSettings,
} from '../../../contract/desktop-api';

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
function readUiSettings(storage: Storage): UiSettings {
  const raw = storage.getItem(webStorageKeys.uiSettings);
  if (!raw) return { ...defaultUiSettings, columns: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ...defaultUiSettings, columns: {} };
  }
  return sanitizeUiSettings(parsed);
}

const sizes: readonly UiSettings['size'][] = ['default', 'medium', 'small', 'mini'];

export function sanitizeUiSettings(value: unknown): UiSettings {
  const result: UiSettings = { ...defaultUiSettings, columns: {} };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return result;
  const v = value as Record<string, unknown>;
  if (typeof v.themeColor === 'string' && v.themeColor) result.themeColor = v.themeColor;
  if (typeof v.tagsView === 'boolean') result.tagsView = v.tagsView;
  if (typeof v.fixedHeader === 'boolean') result.fixedHeader = v.fixedHeader;
  if (typeof v.sidebarLogo === 'boolean') result.sidebarLogo = v.sidebarLogo;
  if (typeof v.size === 'string' && (sizes as readonly string[]).includes(v.size)) {
    result.size = v.size as UiSettings['size'];
  }
  if (typeof v.downloadFolder === 'string') result.downloadFolder = v.downloadFolder;
  if (v.columns && typeof v.columns === 'object' && !Array.isArray(v.columns)) {
    for (const [key, cols] of Object.entries(v.columns as Record<string, unknown>)) {
      if (Array.isArray(cols) && cols.every((c) => typeof c === 'string')) result.columns[key] = [...cols];
    }
  }
  return result;
}

export interface WebDesktopOptions {
  session?: Storage;
  local?: Storage;
  fetch?: typeof fetch;
  /** Milliseconds before the health check gives up. */
  testTimeoutMs?: number;
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
        return { stored: 'encrypted' };
      },
      async clear() {
        session().removeItem(webStorageKeys.token);
      },
    },
    settings: {
      async get() {
        return readUiSettings(local());
      },
      async set(patch: Partial<UiSettings>) {
        const next = sanitizeUiSettings({ ...readUiSettings(local()), ...patch });
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
    },
  };
}
