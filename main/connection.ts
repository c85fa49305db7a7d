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
  unreachable: '无法连接服务器，请检查服务器地址和网络',
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

export interface ConnectionServiceDeps {
  settings: SettingsStore;
  embedded: EmbeddedServer;
  fetch?: typeof fetch;
  /** Headers for a request to `url`: the embedded server's secret, should the clerk test its address. */
  extraHeaders?: (url: string) => Record<string, string>;
  testTimeoutMs?: number;
  /** Called after `set` changed the API base: the session belonged to the other server. */
  onApiBaseChanged?: (state: ConnectionState) => void;
}

const isLoopback = (hostname: string) => hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';

/** Node's fetch hides the reason in `cause.code`; turn it into something a clerk can act on. */
function describeFetchFailure(error: unknown, timedOut: boolean): string {
  if (timedOut) return connectionMessages.timeout;
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  const code = cause?.code ?? '';
  if (code === 'ECONNREFUSED') return connectionMessages.refused;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return connectionMessages.notFound;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return connectionMessages.certificate;
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return connectionMessages.timeout;
  return connectionMessages.unreachable;
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
      if (deps.settings.getConnection().mode === 'embedded' && pendingStart) await pendingStart;
      return state();
    },
    async set(settings) {
      const before = state().apiBase;
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
