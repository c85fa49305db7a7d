import type { ConnectionSettings, ConnectionState, ConnectionTestResult } from '../contract/desktop-api';
import type { EmbeddedServer } from './embedded-server';
import type { SettingsStore } from './settings-store';

export const connectionMessages = {
  ok: '连接成功',
  okInsecure: '连接成功。注意：HTTP 连接不加密，建议办公室服务器启用 HTTPS',
  notOurServer: '该地址可以访问，但不是本系统的服务器，请检查地址和端口',
  badStatus: (status: number) => `服务器响应异常（HTTP ${status}），请检查地址或联系管理员`,
  timeout: '连接超时，请检查服务器地址、端口和网络',
  refused: '无法连接服务器：服务器未启动或端口不对',
  notFound: '无法连接服务器：找不到该主机，请检查服务器地址',
  certificate: '服务器的 HTTPS 证书不受信任，请联系管理员安装证书或检查地址',
  notHttps: '无法建立 HTTPS 连接：该地址可能不支持 HTTPS，请检查地址开头应是 http:// 还是 https://',
  proxy: '无法通过系统代理连接服务器，请检查代理设置或联系管理员',
  redirected: '服务器把请求转到了其他地址，请填写服务器本身的地址',
  unreachable: '无法连接服务器，请检查服务器地址和网络',
  /** The clerk answered 取消 in the native confirmation: nothing was changed. */
  switchCancelled: '已取消切换服务器，连接设置没有改变',
} as const;

export interface ConnectionService {
  /** The current connection; in embedded mode it waits for the server to finish starting. */
  get(): Promise<ConnectionState>;
  set(settings: ConnectionSettings): Promise<ConnectionState>;
  test(url: string): Promise<ConnectionTestResult>;
  /** The API base now, without waiting: what the CSP names. */
  apiBase(): string;
  /** Starts the embedded server when the settings ask for it; never rejects (the error is in `get()`). */
  startup(): Promise<void>;
}

/** The native question before the app talks to another server (Electron's `dialog.showMessageBox`). */
export interface SwitchQuestion {
  type: 'question';
  title: string;
  message: string;
  detail: string;
  buttons: ['切换', '取消'];
  defaultId: 1;
  cancelId: 1;
  noLink: true;
}

export interface ConnectionServiceDeps {
  settings: SettingsStore;
  embedded: EmbeddedServer;
  /** Electron's `net.fetch` in the app (Chromium's stack: the system's certificates and proxy); Node's in tests. */
  fetch?: typeof fetch;
  /**
   * Asks the clerk before the API base changes; answers the button pressed (0 切换, 1 取消). The page
   * cannot answer it: a page made to switch servers (to one that collects passwords) still needs the clerk.
   */
  confirmSwitch: (question: SwitchQuestion) => Promise<number>;
  /** Headers for a request to `url`: the embedded server's secret, should the clerk test its address. */
  extraHeaders?: (url: string) => Record<string, string>;
  testTimeoutMs?: number;
  /** Called after `set` changed the API base: the session belonged to the other server. */
  onApiBaseChanged?: (state: ConnectionState) => void;
}

const isLoopback = (hostname: string) => hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';

/**
 * Turns a failed fetch into something a clerk can act on. Chromium's `net.fetch` rejects with its error
 * name as the message (`net::ERR_CONNECTION_REFUSED`); Node's fetch hides the reason in `cause.code`.
 */
export function describeFetchFailure(error: unknown, timedOut: boolean): string {
  if (timedOut) return connectionMessages.timeout;
  const message = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const code = cause?.code ?? /net::(ERR_[A-Z0-9_]+)/.exec(message)?.[1] ?? '';
  if (/redirect/i.test(message) || /redirect/i.test(cause?.message ?? '')) return connectionMessages.redirected;
  if (code === 'ECONNREFUSED' || code === 'ERR_CONNECTION_REFUSED') return connectionMessages.refused;
  if (['ENOTFOUND', 'EAI_AGAIN', 'ERR_NAME_NOT_RESOLVED', 'ERR_NAME_RESOLUTION_FAILED'].includes(code)) {
    return connectionMessages.notFound;
  }
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return connectionMessages.certificate;
  if (code === 'ERR_SSL_PROTOCOL_ERROR' || code === 'ERR_SSL_VERSION_OR_CIPHER_MISMATCH') {
    return connectionMessages.notHttps;
  }
  if (/^ERR_(PROXY|TUNNEL)_/.test(code)) return connectionMessages.proxy;
  if (['UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT', 'ERR_CONNECTION_TIMED_OUT', 'ERR_TIMED_OUT'].includes(code)) {
    return connectionMessages.timeout;
  }
  return connectionMessages.unreachable;
}

/** How the question names a server: the embedded one in words, an office one by its address. */
function serverLabel(settings: ConnectionSettings): string {
  return settings.mode === 'embedded' ? '本机内置服务器' : `办公室服务器 ${settings.officeUrl}`;
}

/** The question before switching from one server to another, in Chinese, 取消 the default. */
export function switchQuestion(from: ConnectionSettings, to: ConnectionSettings): SwitchQuestion {
  const warnings = ['切换后需要重新登录，各页面未保存的内容会丢失。数据留在原来的服务器上，不会随之移动。'];
  if (to.mode === 'office') {
    const { protocol, hostname } = new URL(to.officeUrl);
    if (protocol === 'http:' && !isLoopback(hostname)) {
      warnings.push('注意：该地址使用 HTTP，连接不加密，请确认这是本公司的服务器。');
    }
  }
  return {
    type: 'question',
    title: '切换服务器',
    message: `确定从${serverLabel(from)}切换到${serverLabel(to)}吗？`,
    detail: warnings.join('\n'),
    buttons: ['切换', '取消'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
}

/** GET <url>/api/health: reachable, answering, and our server (API.md: `data.status === "ok"`). */
export async function testServer(
  baseUrl: string,
  options: { fetch?: typeof fetch; timeoutMs?: number; extraHeaders?: (url: string) => Record<string, string> } = {},
): Promise<ConnectionTestResult> {
  const doFetch = options.fetch ?? fetch;
  const base = baseUrl.replace(/\/+$/, '');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? 5_000);
  try {
    const url = `${base}/api/health`;
    const response = await doFetch(url, {
      signal: controller.signal,
      headers: { ...options.extraHeaders?.(url), accept: 'application/json' },
      redirect: 'error',
    });
    if (!response.ok) return { ok: false, message: connectionMessages.badStatus(response.status) };
    const body = (await response.json().catch(() => null)) as { data?: { status?: unknown } } | null;
    if (body?.data?.status !== 'ok') return { ok: false, message: connectionMessages.notOurServer };
    const { protocol, hostname } = new URL(base);
    const insecure = protocol === 'http:' && !isLoopback(hostname);
    return { ok: true, message: insecure ? connectionMessages.okInsecure : connectionMessages.ok };
  } catch (error) {
    return { ok: false, message: describeFetchFailure(error, timedOut) };
  } finally {
    clearTimeout(timer);
  }
}

export function createConnectionService(deps: ConnectionServiceDeps): ConnectionService {
  let pendingStart: Promise<void> | null = null;

  const startEmbedded = () => {
    pendingStart ??= deps.embedded
      .start()
      .then(() => undefined)
      .catch(() => undefined) // the error stays in embedded.status() and is shown by get()
      .finally(() => {
        pendingStart = null;
      });
    return pendingStart;
  };

  const state = (): ConnectionState => {
    const settings = deps.settings.getConnection();
    if (settings.mode === 'office') return { ...settings, apiBase: settings.officeUrl };
    const { url, error } = deps.embedded.status();
    return { ...settings, apiBase: url, ...(error ? { error } : {}) };
  };

  return {
    async get() {
      if (deps.settings.getConnection().mode === 'embedded') {
        const { url, error } = deps.embedded.status();
        // Starting, or between an unexpected exit and its restart: the page waits for the address.
        if (pendingStart) await pendingStart;
        else if (!url && !error) await startEmbedded();
      }
      return state();
    },
    async set(settings) {
      const current = deps.settings.getConnection();
      const before = state().apiBase;
      const switching =
        settings.mode !== current.mode || (settings.mode === 'office' && settings.officeUrl !== current.officeUrl);
      if (switching) {
        const answer = await deps.confirmSwitch(switchQuestion(current, settings));
        if (answer !== 0) throw new Error(connectionMessages.switchCancelled);
      }
      deps.settings.setConnection(settings);
      if (settings.mode === 'office') await deps.embedded.stop();
      else await startEmbedded();
      const after = state();
      if (after.apiBase !== before) deps.onApiBaseChanged?.(after);
      return after;
    },
    test: (url) =>
      testServer(url, { fetch: deps.fetch, timeoutMs: deps.testTimeoutMs, extraHeaders: deps.extraHeaders }),
    apiBase: () => state().apiBase,
    async startup() {
      if (deps.settings.getConnection().mode === 'embedded') await startEmbedded();
    },
  };
}
