import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { useBootStore } from '../../../stores/boot';
import { SetupPage } from './setup-page';

configure({ asyncUtilTimeout: 4000 });

const server = scriptedApiForEachTest({ loggedIn: false });

/** The antd row a field sits in: two fields a row keep 创建管理员 on a 768 px high screen (issue 7). */
const rowOf = (label: string) => screen.getByLabelText(label).closest('.ant-row:not(.ant-form-item-row)');

describe('first-run page', () => {
  it('sets its fields two to a row, with the hints inside the boxes and the server’s limits', async () => {
    renderInApp(<SetupPage />);
    expect(rowOf('账号')).toBe(rowOf('姓名'));
    expect(rowOf('密码')).toBe(rowOf('确认密码'));
    expect(screen.getByLabelText('账号')).toHaveAttribute('placeholder', '3-20位字母、数字或下划线');
    expect(screen.getByLabelText('密码')).toHaveAttribute('placeholder', '6-32位字符');
    expect(screen.getByLabelText('账号')).toHaveAttribute('maxlength', '20');
    expect(screen.getByLabelText('姓名')).toHaveAttribute('maxlength', '50');
    expect(screen.getByLabelText('手机号')).toHaveAttribute('maxlength', '11');
  });

  it('checks before sending, then creates the administrator with the password hashed twice', async () => {
    server.on('POST /api/setup', envelope(201, { id: 1 }));
    renderInApp(<SetupPage />);
    await userEvent.click(screen.getByRole('button', { name: '创建管理员' }));
    expect(await screen.findByText('账号格式不正确')).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('账号'), 'admin');
    await userEvent.type(screen.getByLabelText('姓名'), '系统管理员');
    await userEvent.type(screen.getByLabelText('手机号'), '13800000000');
    await userEvent.type(screen.getByLabelText('密码'), 'Admin@2026');
    await userEvent.type(screen.getByLabelText('确认密码'), 'Admin@2026');
    await userEvent.click(screen.getByRole('button', { name: '创建管理员' }));
    await waitFor(() => expect(useBootStore.getState().createdUsername).toBe('admin'));
    expect(server.requests.find((request) => request.path === '/api/setup')?.body).toEqual({
      username: 'admin',
      nickname: '系统管理员',
      phone_number: '13800000000',
      password: md5(md5('Admin@2026')),
    });
  });
});
