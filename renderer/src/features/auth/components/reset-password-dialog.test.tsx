import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { desktop } from '../../../platform/desktop';
import { useSession } from '../../../stores/session';
import { useTagsStore } from '../../../stores/tags';
import { ResetPasswordDialog } from './reset-password-dialog';

configure({ asyncUtilTimeout: 4000 });

const server = scriptedApiForEachTest();

beforeEach(async () => {
  await desktop.token.set('live-token');
  useTagsStore
    .getState()
    .visit({ path: '/setting/staff', fullPath: '/setting/staff', title: '员工管理', affix: false });
  server.on('POST /api/logout', envelope(200));
});

function renderDialog() {
  return renderInApp(<ResetPasswordDialog open onClose={() => undefined} />, { initialEntries: ['/setting/staff'] });
}

async function fill(old: string, next: string, confirm: string) {
  const dialog = await screen.findByRole('dialog');
  if (old) await userEvent.type(within(dialog).getByLabelText('原密码'), old);
  if (next) await userEvent.type(within(dialog).getByLabelText('新密码'), next);
  if (confirm) await userEvent.type(within(dialog).getByLabelText('确认新密码'), confirm);
  await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
  return dialog;
}

describe('reset password dialog', () => {
  it('says 6-12位 in the new password field', async () => {
    renderDialog();
    expect(await screen.findByPlaceholderText('6-12位')).toBeInTheDocument();
  });

  it('checks each password’s format and that the new ones match', async () => {
    renderDialog();
    const dialog = await fill('123', 'abcdef', 'abcdeg');
    expect(await within(dialog).findByText('密码格式不正确')).toBeInTheDocument();
    expect(await within(dialog).findByText('两次新密码不一致')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('requires all three fields', async () => {
    renderDialog();
    const dialog = await fill('', '', '');
    await waitFor(() => expect(within(dialog).getAllByText('密码格式不正确')).toHaveLength(3));
  });

  it('shows the server’s refusal and stays logged in', async () => {
    server.on('PUT /api/user/reset', envelope(422, { errors: { password: ['原密码错误'] } }, '原密码错误'));
    renderDialog();
    const dialog = await fill('wrong-old', 'newpass1', 'newpass1');
    await waitFor(() => expect(within(dialog).getAllByText('原密码错误').length).toBeGreaterThan(0));
    expect(useSession.getState().token).toBe('live-token');
  });

  it('on success says 操作成功, then after a second ends the session and asks to log in again', async () => {
    server.on('PUT /api/user/reset', envelope(200));
    const { location } = renderDialog();
    await fill('oldpass1', 'newpass1', 'newpass1');
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    expect(server.requests[0]?.body).toEqual({
      password: md5(md5('oldpass1')),
      new_password: md5(md5('newpass1')),
      new_password_confirmation: md5(md5('newpass1')),
    });
    // Not at once: the clerk reads the message first.
    expect(useSession.getState().token).toBe('live-token');
    await waitFor(() => expect(location()).toBe('/login?redirect=dashboard'), { timeout: 3000 });
    expect(useSession.getState().token).toBeNull();
    expect(await desktop.token.get()).toBeNull();
    expect(useTagsStore.getState().tags).toEqual([]);
    expect(server.requests.some((request) => request.path === '/api/logout')).toBe(true);
  });
});
