import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { Staff } from '../../../../../contract/staff';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { StaffListPage } from './staff-list-page';
import { historyQueries, scriptRecordHistory } from '../../../components/history-testing';

configure({ asyncUtilTimeout: 4000 });

const server = scriptedApiForEachTest();
let rows: Staff[];

const row = (id: number, username: string, nickname: string, status: 0 | 1): Staff => ({
  id,
  username,
  nickname,
  phone_number: `1380000000${id}`,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:00:00.000+08:00',
  status,
});

beforeEach(() => {
  rows = [row(1, 'admin', '王管理', 1), row(2, 'clerk_2', '张三', 1), row(3, 'clerk_3', '李四', 0)];
  server.on('GET /api/user', () =>
    envelope(200, { data: rows, meta: { total: rows.length, page: 1, limit: 15 }, total: rows.length }),
  );
});

const listCalls = () => server.requests.filter((request) => request.method === 'GET').length;
const rowOf = async (username: string) =>
  (await screen.findByText(username, { selector: 'td' })).closest('tr') as HTMLElement;
/** antd spaces two-character labels (删 除); role queries over a whole table are slow in jsdom. */
const buttonIn = (row: HTMLElement, label: RegExp) => within(row).getByText(label).closest('button') as HTMLElement;

describe('staff page', () => {
  it('lists staff 15 a page with their status', async () => {
    renderInApp(<StaffListPage />);
    const zhang = await rowOf('clerk_2');
    expect(within(zhang).getByText('张三')).toBeInTheDocument();
    expect(within(zhang).getByText('13800000002')).toBeInTheDocument();
    // Shown in the clerk's own time zone.
    expect(
      within(zhang).getByText(dayjs('2026-11-20T09:00:00.000+08:00').format('YYYY-MM-DD HH:mm:ss')),
    ).toBeInTheDocument();
    expect(within(zhang).getByText('启用')).toBeInTheDocument();
    expect(within(await rowOf('clerk_3')).getByText('禁用')).toBeInTheDocument();
    expect(server.requests[0]?.query.get('limit')).toBe('15');
    expect(server.requests[0]?.authorization).toBe('Bearer live-token');
  });

  it('flips a row’s status in place when the switch succeeds', async () => {
    server.on('PUT /api/user/2/switch', envelope(200, { status: 0 }));
    renderInApp(<StaffListPage />);
    const zhang = await rowOf('clerk_2');
    const before = listCalls();
    await userEvent.click(buttonIn(zhang, /^禁\s*用$/));
    await waitFor(() => expect(within(zhang).getByText('禁用', { selector: '.ant-tag' })).toBeInTheDocument());
    expect(await screen.findByText('已禁用')).toBeInTheDocument();
    expect(listCalls()).toBe(before);
  });

  it('does not offer to delete or disable one’s own account', async () => {
    renderInApp(<StaffListPage />);
    const me = await rowOf('admin');
    expect(buttonIn(me, /^删\s*除$/)).toBeDisabled();
    expect(buttonIn(me, /^禁\s*用$/)).toBeDisabled();
  });

  it('asks before deleting, then says 删除成功! and reloads the list', async () => {
    server.on('DELETE /api/user/3', () => {
      rows = rows.filter((staff) => staff.id !== 3);
      return { status: 204 };
    });
    renderInApp(<StaffListPage />);
    await userEvent.click(buttonIn(await rowOf('clerk_3'), /^删\s*除$/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('此操作将永久删除该员工信息, 是否继续?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    // The page's own message replaces the client's generic one.
    expect(screen.queryByText('删除成功')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('clerk_3', { selector: 'td' })).not.toBeInTheDocument());
  });

  it('says what to do when there is nobody', async () => {
    rows = [];
    renderInApp(<StaffListPage />);
    expect(await screen.findByText('暂无员工，点击“新增员工”添加')).toBeInTheDocument();
  });

  it('says the list failed to load rather than that nobody exists', async () => {
    server.on('GET /api/user', envelope(500, { request_id: 'r1' }, '服务器错误'));
    renderInApp(<StaffListPage />);
    expect(await screen.findByText('员工列表加载失败，请点击“刷新”重试')).toBeInTheDocument();
    expect(screen.queryByText('暂无员工，点击“新增员工”添加')).not.toBeInTheDocument();
  });

  it('a row’s 变更记录 opens that account’s history in a drawer', async () => {
    const remark = scriptRecordHistory(server, 'user', 2);
    renderInApp(<StaffListPage />);
    await userEvent.click(buttonIn(await rowOf('clerk_2'), /^变更记录$/));
    const drawer = await screen.findByRole('dialog', { name: '变更记录：员工 张三（clerk_2）' });
    expect(await within(drawer).findByText(remark)).toBeInTheDocument();
    expect(within(drawer).getByText('李会计')).toBeInTheDocument();
    expect(historyQueries(server)).toEqual([{ entity: 'user', id: '2', page: '1' }]);
  });
});
