import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../app/providers';
import { envelope } from '../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { desktop } from '../platform/desktop';
import { useSession } from '../stores/session';
import { updateSettings, useSettingsStore } from '../stores/settings';
import { useTagsStore } from '../stores/tags';
import { createQueryClient } from './query-client';
import {
  ApiError,
  ERROR_TOAST_SECONDS,
  REQUEST_TIMEOUT_MS,
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  http,
  isHttpError,
  resetSessionDialog,
  setApiBase,
  setHttpFeedback,
  validationErrors,
} from './http-client';

const server = scriptedApiForEachTest({ loggedIn: false });
const reload = vi.fn();
let restoreFeedback: () => void;

beforeEach(async () => {
  reload.mockReset();
  resetSessionDialog();
  restoreFeedback = setHttpFeedback({ reload });
  window.sessionStorage.clear();
  window.localStorage.clear();
  useTagsStore.getState().reset();
  // The client speaks through the app's own providers, as in the running app.
  render(
    <AppProviders queryClient={createQueryClient()}>
      <div />
    </AppProviders>,
  );
});
afterEach(() => restoreFeedback());

async function loggedIn(token = 'live-token') {
  await desktop.token.set(token);
  useSession.setState({ token, user: { id: 1, nickname: '管理员', username: 'admin' }, roles: ['admin'] });
}

/** Resolves to the rejection of a call that must fail. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(isHttpError(error)).toBe(true);
  return error as ApiError;
}

describe('http client against a real HTTP server', () => {
  it('answers the envelope data, sends the bearer token and the query', async () => {
    await loggedIn('abc123');
    server.on('GET /api/user', envelope(200, { data: [{ id: 1 }], meta: { total: 1, page: 2, limit: 15 }, total: 1 }));
    const answer = await apiGet<{ total: number }>('/api/user', { page: 2, limit: 15 });
    expect(answer.total).toBe(1);
    const seen = server.requests[0];
    expect(seen?.authorization).toBe('Bearer abc123');
    expect(seen?.query.get('page')).toBe('2');
  });

  it('sends no Authorization header while logged out', async () => {
    server.on('POST /api/login', envelope(200, { token: 't' }));
    await apiPost('/api/login', { username: 'admin' });
    expect(server.requests[0]?.authorization).toBeUndefined();
    expect(server.requests[0]?.body).toEqual({ username: 'admin' });
  });

  it('shows 删除成功 on a 204, unless the screen says its own message', async () => {
    await loggedIn();
    server.on('DELETE /api/user/5', { status: 204 });
    await expect(apiDelete('/api/user/5')).resolves.toBeUndefined();
    expect(await screen.findByText('删除成功')).toBeInTheDocument();

    server.on('DELETE /api/user/6', { status: 204 });
    await apiDelete('/api/user/6', { successToast: false });
    expect(screen.getAllByText('删除成功')).toHaveLength(1);
  });

  it('shows the server message of a failure and rejects with status, message and data', async () => {
    await loggedIn();
    server.on('PUT /api/user/3', envelope(409, null, '该记录已被他人修改，请刷新后重试'));
    const error = await failure(apiPut('/api/user/3', { nickname: 'x' }));
    expect(error.status).toBe(409);
    expect(error.message).toBe('该记录已被他人修改，请刷新后重试');
    expect(await screen.findByText('该记录已被他人修改，请刷新后重试')).toBeInTheDocument();
  });

  it('falls back to Error <status> when the answer carries no message', async () => {
    await loggedIn();
    server.on('GET /api/dashboard', { status: 502, body: 'Bad Gateway' });
    const error = await failure(apiGet('/api/dashboard'));
    expect(error.status).toBe(502);
    expect(await screen.findByText('Error 502')).toBeInTheDocument();
  });

  it('keeps quiet when silent, and lets a form read the 422 field messages', async () => {
    await loggedIn();
    server.on(
      'POST /api/user',
      envelope(422, { errors: { username: ['账号格式不正确'], phone_number: ['请输入手机号'] } }, '账号格式不正确'),
    );
    const error = await failure(apiPost('/api/user', {}, { silent: true }));
    expect(error.status).toBe(422);
    expect(validationErrors(error)).toEqual({ username: ['账号格式不正确'], phone_number: ['请输入手机号'] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('账号格式不正确')).not.toBeInTheDocument();
  });

  it('opens one non-closable 登录失败 dialog for concurrent 401s; confirming ends the session but keeps settings', async () => {
    await loggedIn('expired-token');
    await updateSettings({ themeColor: '#11A983', tagsView: false });
    useTagsStore
      .getState()
      .visit({ path: '/setting/staff', fullPath: '/setting/staff', title: '员工管理', affix: false });
    server.on('GET /api/user', envelope(401, null, '登录已过期，请重新登录'));
    server.on('GET /api/dashboard', envelope(401, null, '登录已过期，请重新登录'));

    await Promise.all([failure(apiGet('/api/user')), failure(apiGet('/api/dashboard', undefined, { silent: true }))]);

    const dialog = await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(within(dialog).getByText('登录失败', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(within(dialog).getByText('登录已过期，请重新登录')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /close|关闭/i })).not.toBeInTheDocument();
    // Escape does not close it.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().user).toBeNull();
    expect(await desktop.token.get()).toBeNull();
    expect(useTagsStore.getState().tags).toEqual([]);
    expect(useSettingsStore.getState().settings.themeColor).toBe('#11A983');
    expect((await desktop.settings.get()).tagsView).toBe(false);
  });

  it('treats a body code of 403 as the end of the session too', async () => {
    await loggedIn();
    server.on('GET /api/user/info', {
      status: 200,
      body: { code: 403, message: '账号已被禁用，请联系管理员', data: null },
    });
    await failure(apiGet('/api/user/info'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('账号已被禁用，请联系管理员')).toBeInTheDocument();
  });

  it('leaves a 401 of the login form (no token) to the form', async () => {
    server.on('POST /api/login', envelope(401, null, '账号或密码错误'));
    const error = await failure(apiPost('/api/login', { username: 'admin' }, { silent: true }));
    expect(error.message).toBe('账号或密码错误');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('账号或密码错误')).not.toBeInTheDocument();
  });

  it('gives up after the time-out with a Chinese message', async () => {
    await loggedIn();
    server.on('GET /api/slow', { status: 200, hang: true });
    const error = await failure(apiGet('/api/slow', undefined, { timeout: 300 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('请求超时，请稍后再试');
    expect(await screen.findByText('请求超时，请稍后再试')).toBeInTheDocument();
  });

  it('reports an unreachable server', async () => {
    setApiBase('http://127.0.0.1:1');
    const error = await failure(apiGet('/api/health'));
    expect(error.kind).toBe('network');
    expect(await screen.findByText('请求失败,请稍后再试!')).toBeInTheDocument();
  });

  it('rejects a cancelled call without a message', async () => {
    await loggedIn();
    server.on('GET /api/slow', { status: 200, hang: true });
    const controller = new AbortController();
    const call = failure(apiGet('/api/slow', undefined, { signal: controller.signal }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.abort();
    });
    expect((await call).kind).toBe('canceled');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/请求/)).not.toBeInTheDocument();
  });
});

describe('http client timing', () => {
  // The clock is faked but still runs with real time, so the real socket and the page keep working.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const advance = (ms: number) =>
    act(async () => {
      vi.advanceTimersByTime(ms);
    });

  it('waits 10 s for an answer when the screen sets no time-out, then says 请求超时', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(http.defaults.timeout).toBe(10_000);
    await loggedIn();
    server.on('GET /api/slow', { status: 200, hang: true });
    let outcome: unknown = 'pending';
    void apiGet('/api/slow').then(
      (value) => (outcome = value),
      (reason: unknown) => (outcome = reason),
    );
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));

    await advance(9_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outcome).toBe('pending');

    await advance(1_500);
    await vi.waitFor(() => expect(outcome).toBeInstanceOf(ApiError));
    expect((outcome as ApiError).kind).toBe('timeout');
    expect(await screen.findByText('请求超时，请稍后再试')).toBeInTheDocument();
  });

  it('keeps an error toast up for 5 s', async () => {
    expect(ERROR_TOAST_SECONDS).toBe(5);
    await loggedIn();
    server.on('PUT /api/user/3', envelope(409, null, '该记录已被他人修改，请刷新后重试'));
    await failure(apiPut('/api/user/3', {}));
    const notice = (await screen.findByText('该记录已被他人修改，请刷新后重试')).closest('.ant-message-notice');
    expect(notice).not.toBeNull();
    const leaving = () => /-leave\b/.test(notice?.className ?? '');

    // antd's own default is 3 s: still there well after that.
    await advance(4_000);
    expect(leaving()).toBe(false);
    await advance(1_500);
    await vi.waitFor(() => expect(leaving()).toBe(true));
  });
});
