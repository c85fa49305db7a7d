import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { afterLoginPath } from '../../../app/route-tree';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { desktop } from '../../../platform/desktop';
import { useSession } from '../../../stores/session';
import { LoginPage } from './login-page';

configure({ asyncUtilTimeout: 4000 });

const server = scriptedApiForEachTest({ loggedIn: false });

beforeEach(() => {
  window.sessionStorage.clear();
  server.on('GET /api/user/info', envelope(200, { id: 3, username: 'clerk_1', name: '李四', roles: ['admin'] }));
});
afterEach(() => vi.restoreAllMocks());

function renderLogin(entry = '/login') {
  return renderInApp(<LoginPage targetFor={afterLoginPath} />, { path: '/login', initialEntries: [entry] });
}

async function submit(username: string, password: string) {
  if (username) await userEvent.type(screen.getByLabelText('账号'), username);
  if (password) await userEvent.type(screen.getByLabelText('密码'), password);
  await userEvent.click(screen.getByRole('button', { name: '登 录' }));
}

describe('login page', () => {
  it('checks the formats before asking the server', async () => {
    renderLogin();
    await submit('ab', '12345');
    expect(await screen.findByText('账号格式不正确')).toBeInTheDocument();
    expect(await screen.findByText('密码格式不正确')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('账号'));
    await userEvent.type(screen.getByLabelText('账号'), 'bad name!');
    await userEvent.click(screen.getByRole('button', { name: '登 录' }));
    expect(await screen.findByText('账号格式不正确')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [401, '账号或密码错误'],
    [403, '账号已被禁用，请联系管理员'],
    [429, '登录失败次数过多，请15分钟后再试'],
  ])('shows the server’s %i answer inline, not in a dialog', async (status, message) => {
    server.on('POST /api/login', envelope(status, null, message));
    renderLogin();
    await submit('admin', 'secret1');
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useSession.getState().token).toBeNull();
    // The password never travels in clear: md5(md5()) as the spec asks.
    expect(server.requests[0]?.body).toEqual({ username: 'admin', password: md5(md5('secret1')) });
  });

  it('logs in, keeps the token through the desktop bridge and follows the redirect with the other params', async () => {
    server.on(
      'POST /api/login',
      envelope(200, { token: 'fresh-token', expires_at: '', user: { id: 3, nickname: '李四', username: 'clerk_1' } }),
    );
    const { location } = renderLogin('/login?redirect=%2Fsetting%2Fstaff&page=2');
    await submit('clerk_1', 'secret1');
    await waitFor(() => expect(location()).toBe('/setting/staff?page=2'));
    expect(await desktop.token.get()).toBe('fresh-token');
    expect(useSession.getState()).toMatchObject({
      token: 'fresh-token',
      user: { id: 3, nickname: '李四', username: 'clerk_1' },
      roles: ['admin'],
    });
    expect(server.requests.find((request) => request.path === '/api/user/info')?.authorization).toBe(
      'Bearer fresh-token',
    );
  });

  it('refuses a session whose user has no role', async () => {
    server.on(
      'POST /api/login',
      envelope(200, { token: 'fresh-token', user: { id: 3, nickname: '李四', username: 'x' } }),
    );
    server.on('GET /api/user/info', envelope(200, { id: 3, username: 'x', name: '李四', roles: [] }));
    const { location } = renderLogin();
    await submit('clerk_1', 'secret1');
    expect((await screen.findByRole('alert')).textContent).toContain('用户角色不能为空');
    expect(location()).toBe('/login');
    expect(await desktop.token.get()).toBeNull();
  });

  it('warns while caps lock is on and can show the password', async () => {
    renderLogin();
    const password = screen.getByLabelText('密码');
    await userEvent.type(password, 'Secret');
    fireEvent.keyUp(password, { key: 'A', modifierCapsLock: true });
    expect(await screen.findByText('大写锁定已打开')).toBeInTheDocument();
    fireEvent.keyUp(password, { key: 'a', modifierCapsLock: false });
    await waitFor(() => expect(screen.queryByText('大写锁定已打开')).not.toBeInTheDocument());

    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('img', { name: 'eye-invisible' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('warns once per run when the desktop can only keep the token in memory', async () => {
    // The Electron shell on a machine without a keyring (its token store answers `memory`).
    const keep = vi
      .spyOn(desktop.token, 'set')
      .mockResolvedValue({ stored: 'memory', reason: '系统未提供密钥环（libsecret）' });
    useSession.setState({ memoryTokenWarned: false });
    server.on(
      'POST /api/login',
      envelope(200, { token: 'fresh-token', expires_at: '', user: { id: 3, nickname: '李四', username: 'clerk_1' } }),
    );
    const first = renderLogin('/login?redirect=%2Fsetting%2Fstaff');
    await submit('clerk_1', 'secret1');

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('登录凭据无法加密保存', { selector: '.ant-modal-confirm-title' }),
    ).toBeInTheDocument();
    expect(dialog.textContent).toContain(
      '本机没有可用的加密存储（系统未提供密钥环（libsecret）），登录凭据只保存在内存中，退出应用后需要重新登录。',
    );
    // The warning does not stop the login.
    await waitFor(() => expect(first.location()).toBe('/setting/staff'));
    expect(useSession.getState().token).toBe('fresh-token');
    expect(within(dialog).getByRole('button', { name: '知道了' })).toBeInTheDocument();

    // Logging in again in the same run says nothing more.
    first.unmount();
    useSession.setState({ token: null, user: null, roles: [] });
    const second = renderLogin();
    await submit('clerk_1', 'secret1');
    await waitFor(() => expect(second.location()).not.toBe('/login'));
    expect(keep).toHaveBeenCalledTimes(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not warn when the token was stored safely', async () => {
    useSession.setState({ memoryTokenWarned: false });
    server.on(
      'POST /api/login',
      envelope(200, { token: 'fresh-token', expires_at: '', user: { id: 3, nickname: '李四', username: 'clerk_1' } }),
    );
    const { location } = renderLogin();
    await submit('clerk_1', 'secret1');
    await waitFor(() => expect(location()).not.toBe('/login'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('登录凭据无法加密保存')).not.toBeInTheDocument();
  });
});
