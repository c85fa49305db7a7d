import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import type { Staff } from '../../../../../contract/staff';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { StaffFormDrawer } from './staff-form-drawer';

configure({ asyncUtilTimeout: 4000 });

const server = scriptedApiForEachTest();

const existing: Staff = {
  id: 5,
  username: 'clerk_5',
  nickname: '赵五',
  phone_number: '13800000005',
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-21T10:30:00.123+08:00',
  status: 1,
};

function renderDrawer(staff?: Staff) {
  const onSaved = vi.fn();
  renderInApp(<StaffFormDrawer open staff={staff} onClose={() => undefined} onSaved={onSaved} />);
  return onSaved;
}

const drawer = () => screen.findByRole('dialog');
const field = async (label: string) => within(await drawer()).getByLabelText(label);
const confirm = async () => userEvent.click(within(await drawer()).getByRole('button', { name: /确\s*定/ }));

describe('staff form drawer', () => {
  it('takes as much text as the server does, and names the limit for a longer saved name (issue 7)', async () => {
    renderDrawer({ ...existing, nickname: '名'.repeat(60) });
    expect(await field('账号')).toHaveAttribute('maxlength', '20');
    expect(await field('员工姓名')).toHaveAttribute('maxlength', '50');
    expect(await field('手机号')).toHaveAttribute('maxlength', '11');
    await confirm();
    expect(await within(await drawer()).findByText('员工姓名不能超过 50 个字')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('asks for every field when adding, with the spec’s messages', async () => {
    renderDrawer();
    expect(within(await drawer()).getByText('新增员工')).toBeInTheDocument();
    await confirm();
    const panel = await drawer();
    expect(await within(panel).findByText('账号格式不正确')).toBeInTheDocument();
    expect(within(panel).getByText('请输入员工姓名')).toBeInTheDocument();
    expect(within(panel).getByText('密码格式不正确')).toBeInTheDocument();
    expect(within(panel).getByText('请输入手机号')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('checks the formats of account, password and phone', async () => {
    renderDrawer();
    await userEvent.type(await field('账号'), 'a b');
    await userEvent.type(await field('员工姓名'), '钱六');
    await userEvent.type(await field('密码'), '12345');
    await userEvent.type(await field('手机号'), '12345');
    await confirm();
    const panel = await drawer();
    expect(await within(panel).findByText('账号格式不正确')).toBeInTheDocument();
    expect(within(panel).getByText('密码格式不正确')).toBeInTheDocument();
    expect(within(panel).getByText('手机号格式不正确')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('creates a staff member with the password hashed twice and says 新建成功', async () => {
    server.on('POST /api/user', envelope(201, { id: 9 }, '新建成功'));
    const onSaved = renderDrawer();
    await userEvent.type(await field('账号'), 'clerk_9');
    await userEvent.type(await field('员工姓名'), '钱六');
    await userEvent.type(await field('密码'), 'secret9');
    await userEvent.type(await field('手机号'), '13900000009');
    await confirm();
    expect(await screen.findByText('新建成功')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(server.requests[0]?.body).toEqual({
      username: 'clerk_9',
      nickname: '钱六',
      phone_number: '13900000009',
      password: md5(md5('secret9')),
    });
  });

  it('edits without a password, sending the updated_at it read, and says 编辑成功', async () => {
    server.on('PUT /api/user/5', envelope(200, null, '编辑成功'));
    const onSaved = renderDrawer(existing);
    expect(within(await drawer()).getByText('编辑员工')).toBeInTheDocument();
    await waitFor(async () => expect(await field('账号')).toHaveValue('clerk_5'));
    const name = await field('员工姓名');
    await userEvent.clear(name);
    await userEvent.type(name, '赵五五');
    await confirm();
    expect(await screen.findByText('编辑成功')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(server.requests[0]?.body).toEqual({
      username: 'clerk_5',
      nickname: '赵五五',
      phone_number: '13800000005',
      updated_at: '2026-11-21T10:30:00.123+08:00',
    });
  });

  it('keeps the drawer open and marks the field the server refused', async () => {
    server.on('POST /api/user', envelope(422, { errors: { username: ['账号已存在'] } }, '账号已存在'));
    const onSaved = renderDrawer();
    await userEvent.type(await field('账号'), 'admin');
    await userEvent.type(await field('员工姓名'), '钱六');
    await userEvent.type(await field('密码'), 'secret9');
    await userEvent.type(await field('手机号'), '13900000009');
    await confirm();
    await waitFor(async () => expect(within(await drawer()).getAllByText('账号已存在').length).toBeGreaterThan(0));
    expect(onSaved).not.toHaveBeenCalled();
  });
});
