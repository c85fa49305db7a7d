import axios, { type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { messages, type Envelope } from '../../../contract/common';
import { clearSession, useSession } from '../stores/session';

/** The spec's request time-out (part 1, section 9). Uploads and exports pass their own. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Error toasts stay 5 s (spec part 1, section 8). */
export const ERROR_TOAST_SECONDS = 5;

export const httpMessages = {
  deleted: '删除成功',
  timeout: '请求超时，请稍后再试',
  network: '请求失败,请稍后再试!',
  authTitle: '登录失败',
  authFallback: messages.unauthorized,
  authConfirm: '重新登录',
} as const;

export interface RequestOptions {
  /** No error toast: the screen shows the failure itself (the login form, a silent VIN lookup). */
  silent?: boolean;
  timeout?: number;
  onUploadProgress?: AxiosRequestConfig['onUploadProgress'];
  signal?: AbortSignal;
  /** `false`: no automatic 删除成功 toast on a 204, for a screen that says its own success message. */
  successToast?: boolean;
  /** `false`: a 401/403 rejects without the 登录失败 dialog, for a caller that ends the session itself. */
  sessionDialog?: boolean;
}

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'canceled';

/** Every failed call rejects with this: forms read `status`, `message` and (on a 422) `data.errors`. */
export class ApiError<TData = unknown> extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    /** The HTTP status; 0 when no answer came (time-out, network, cancelled). */
    readonly status: number,
    readonly data: TData,
    readonly kind: ApiErrorKind = 'http',
  ) {
    super(message);
  }
}

export const isHttpError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The 422 field messages of a validation failure, or nothing. */
export function validationErrors(error: unknown): Record<string, string[]> | undefined {
  if (!isHttpError(error) || error.status !== 422) return undefined;
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : undefined;
}

/**
 * How the client speaks to the clerk: the one small, overridable place of spec part 1, section 8.
 * The app installs antd's context-aware message and modal (app/http-feedback-bridge.tsx); tests may
 * replace any part.
 */
export interface HttpFeedback {
  deleted(text: string): void;
  error(text: string): void;
  /** Shows the non-closable 登录失败 dialog; `confirm` ends the session and reloads. */
  sessionEnded(text: string, confirm: () => Promise<void>): void;
  reload(): void;
}

/**
 * Until the app installs its own (and in tests that do not), antd's static functions; loaded on first use so
 * that they stay out of the start-up code.
 */
const defaultFeedback: HttpFeedback = {
  deleted: (text) => void import('antd/es/message').then(({ default: message }) => message.success(text)),
  error: (text) =>
    void import('antd/es/message').then(({ default: message }) => message.error(text, ERROR_TOAST_SECONDS)),
  sessionEnded: async (text, confirm) => {
    const { default: Modal } = await import('antd/es/modal');
    Modal.error({
      title: httpMessages.authTitle,
      content: text,
      okText: httpMessages.authConfirm,
      closable: false,
      keyboard: false,
      mask: { closable: false },
      onOk: confirm,
    });
  },
  reload: () => window.location.reload(),
};

let feedback: HttpFeedback = defaultFeedback;

/** Replaces parts of the feedback; answers the function that restores the previous one. */
export function setHttpFeedback(next: Partial<HttpFeedback>): () => void {
  const previous = feedback;
  feedback = { ...feedback, ...next };
  return () => {
    feedback = previous;
  };
}

/** One dialog however many calls fail at once; the page reloads after it, which resets the flag. */
let sessionDialogOpen = false;

/** For tests: allow the dialog again. */
export function resetSessionDialog(): void {
  sessionDialogOpen = false;
}

function endSession(text: string): void {
  if (sessionDialogOpen) return;
  sessionDialogOpen = true;
  feedback.sessionEnded(text, async () => {
    await clearSession();
    feedback.reload();
  });
}

let apiBase = '';

/** The API base of the current connection (`desktop.connection.get().apiBase`; '' = same origin). */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
  http.defaults.baseURL = apiBase || undefined;
}

export const getApiBase = (): string => apiBase;

interface ClientConfig extends InternalAxiosRequestConfig {
  clientOptions?: RequestOptions;
  /** Whether the call carried a token: only a logged-in call can find its session ended. */
  sentToken?: boolean;
}

/** The one axios instance of the renderer (DESIGN.md). */
export const http = axios.create({ timeout: REQUEST_TIMEOUT_MS });

http.interceptors.request.use((config: ClientConfig) => {
  const token = useSession.getState().token;
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  config.sentToken = Boolean(token);
  return config;
});

const isEnvelope = (body: unknown): body is Envelope<unknown> =>
  typeof body === 'object' && body !== null && 'code' in body && 'message' in body;

/** A blob or array-buffer answer (file downloads) still carries a JSON envelope when it fails. */
async function readBody(body: unknown): Promise<unknown> {
  try {
    if (typeof Blob !== 'undefined' && body instanceof Blob) return JSON.parse(await body.text());
    if (body instanceof ArrayBuffer) return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return null;
  }
  return body;
}

function fail(config: ClientConfig | undefined, status: number, body: unknown): never {
  const envelope = isEnvelope(body) ? body : undefined;
  const code = envelope?.code ?? status;
  const serverMessage = typeof envelope?.message === 'string' && envelope.message ? envelope.message : '';
  const data = envelope ? envelope.data : body;
  const sessionFailure = [401, 403].includes(code) || [401, 403].includes(status);
  if (sessionFailure && config?.sentToken && config.clientOptions?.sessionDialog !== false) {
    // Logged-in calls only: the login form sends no token and shows its 401/403 inline.
    endSession(serverMessage || httpMessages.authFallback);
    throw new ApiError(serverMessage || httpMessages.authFallback, status, data);
  }
  const text = serverMessage || (sessionFailure ? httpMessages.authFallback : `Error ${status}`);
  if (!config?.clientOptions?.silent) feedback.error(text);
  throw new ApiError(text, status, data);
}

http.interceptors.response.use(
  async (response: AxiosResponse) => {
    const config = response.config as ClientConfig;
    if (response.status === 204) {
      const options = config.clientOptions;
      if (!options?.silent && options?.successToast !== false) feedback.deleted(httpMessages.deleted);
      return response;
    }
    // A file (blob) answer is never an envelope: only a JSON body can say 401/403 with HTTP 200.
    const bodyCode = isEnvelope(response.data) ? response.data.code : undefined;
    if ((response.status === 200 || response.status === 201) && bodyCode !== 401 && bodyCode !== 403) return response;
    return fail(config, response.status, await readBody(response.data));
  },
  async (error: unknown) => {
    if (axios.isCancel(error)) throw new ApiError('请求已取消', 0, null, 'canceled');
    if (!axios.isAxiosError(error)) throw error;
    const config = error.config as ClientConfig | undefined;
    if (error.response) return fail(config, error.response.status, await readBody(error.response.data));
    const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
    const text = timedOut ? httpMessages.timeout : httpMessages.network;
    if (!config?.clientOptions?.silent) feedback.error(text);
    throw new ApiError(text, 0, null, timedOut ? 'timeout' : 'network');
  },
);

function toConfig(
  options: RequestOptions = {},
  params?: unknown,
): AxiosRequestConfig & { clientOptions: RequestOptions } {
  return {
    params,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    onUploadProgress: options.onUploadProgress,
    signal: options.signal,
    clientOptions: options,
  };
}

const unwrap = <T>(response: AxiosResponse<Envelope<T> | ''>): T =>
  (response.status === 204 || !isEnvelope(response.data) ? undefined : response.data.data) as T;

export async function apiGet<T>(url: string, params?: object, options?: RequestOptions): Promise<T> {
  return unwrap<T>(await http.get(url, toConfig(options, params)));
}

export async function apiPost<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return unwrap<T>(await http.post(url, body, toConfig(options)));
}

export async function apiPut<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return unwrap<T>(await http.put(url, body, toConfig(options)));
}

export async function apiDelete(url: string, options?: RequestOptions): Promise<void> {
  await http.delete(url, toConfig(options));
}
