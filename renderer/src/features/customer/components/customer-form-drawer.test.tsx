import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer, CustomerType } from '../../../../../contract/customer';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { CustomerFormDrawer } from './customer-form-drawer';

configure({ asyncUtilTimeout: 4000 });

const server = scriptedApiForEachTest();

const types: CustomerType[] = [
  { id: 1, name: '销外客户', status: 1 },
  { id: 2, name: '代理人', status: 1 },
];

const existing: Customer = {
  id: 7,
  name: 'Almaty Motors',
  type_id: 2,
  type: '代理人',
  country: '哈萨克斯坦',
  contact_name: 'Nurlan',
  contact_way: '+7 701 000 0000',
  address: 'Abay Ave 1, Almaty',
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-21T10:30:00.123+08:00',
};

function renderDrawer(customer?: Customer, defaultTypeId?: number) {
  const onSaved = vi.fn();
  renderInApp(
    <CustomerFormDrawer
      open
      customer={customer}
      types={types}
      defaultTypeId={defaultTypeId}
      onClose={() => undefined}
      onSaved={onSaved}
    />,
  );
  return onSaved;
}

const drawer = () => screen.findByRole('dialog');
const field = async (label: string) => within(await drawer()).getByLabelText(label);
/** The messages under the fields (the type's placeholder says 请选择客户类型 too). */
const errorsIn = (panel: HTMLElement) =>
  Array.from(panel.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
const confirm = async () => userEvent.click(within(await drawer()).getByRole('button', { name: /确\s*定/ }));

describe('customer form drawer', () => {
  it('takes as much text as the server does, and names the limit for a longer saved value (issue 7)', async () => {
    renderDrawer({ ...existing, address: '地'.repeat(230) });
    const limits = { 客户名称: '100', 国家: '100', 联系人: '100', 联系方式: '100', 地址: '200' };
    for (const [label, max] of Object.entries(limits)) {
      expect(await field(label)).toHaveAttribute('maxlength', max);
    }
    await confirm();
    const panel = await drawer();
    await waitFor(() => expect(errorsIn(panel)).toEqual(['地址不能超过 200 个字']));
    expect(server.requests).toHaveLength(0);
  });

  it('asks for the name and the type, with the spec’s messages, before sending anything', async () => {
    renderDrawer();
    expect(within(await drawer()).getByText('新增客户')).toBeInTheDocument();
    await userEvent.type(await field('客户名称'), '   ');
    await confirm();
    const panel = await drawer();
    await waitFor(() => expect(errorsIn(panel)).toEqual(['请输入客户名称', '请选择客户类型']));
    expect(server.requests).toHaveLength(0);
  });

  it('creates a customer of the tab’s type and says 新建客户成功', async () => {
    server.on('POST /api/customer', envelope(201, { id: 9 }, '新建成功'));
    const onSaved = renderDrawer(undefined, 2);
    // The type starts as the tab the clerk is on.
    expect(within(await drawer()).getByTitle('代理人')).toBeInTheDocument();
    await userEvent.type(await field('客户名称'), '  Tashkent Auto  ');
    await userEvent.type(await field('国家'), '乌兹别克斯坦');
    await userEvent.type(await field('联系人'), 'Aziz');
    await userEvent.type(await field('联系方式'), 'aziz@example.uz');
    await userEvent.type(await field('地址'), 'Amir Temur 5');
    await confirm();
    expect(await screen.findByText('新建客户成功')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/customer',
      body: {
        name: 'Tashkent Auto',
        type_id: 2,
        country: '乌兹别克斯坦',
        contact_name: 'Aziz',
        contact_way: 'aziz@example.uz',
        address: 'Amir Temur 5',
      },
    });
  });

  it('edits a customer with the updated_at it read and says 客户编辑成功', async () => {
    server.on('PUT /api/customer/7', envelope(200, null, '编辑成功'));
    const onSaved = renderDrawer(existing);
    expect(within(await drawer()).getByText('编辑客户')).toBeInTheDocument();
    expect(await field('客户名称')).toHaveValue('Almaty Motors');
    expect(await field('联系人')).toHaveValue('Nurlan');
    await userEvent.clear(await field('国家'));
    await userEvent.type(await field('国家'), '吉尔吉斯斯坦');
    await confirm();
    expect(await screen.findByText('客户编辑成功')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(server.requests[0]?.body).toMatchObject({
      name: 'Almaty Motors',
      type_id: 2,
      country: '吉尔吉斯斯坦',
      updated_at: existing.updated_at,
    });
  });

  it('shows a stale save’s 409 in the drawer and keeps what was typed', async () => {
    server.on('PUT /api/customer/7', envelope(409, null, '该记录已被他人修改，请刷新后重试'));
    const onSaved = renderDrawer(existing);
    await userEvent.clear(await field('客户名称'));
    await userEvent.type(await field('客户名称'), 'Almaty Motors LLP');
    await confirm();
    const alert = await within(await drawer()).findByRole('alert');
    expect(alert).toHaveTextContent('该记录已被他人修改，请刷新后重试');
    expect(await field('客户名称')).toHaveValue('Almaty Motors LLP');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('marks the fields a 422 names', async () => {
    server.on(
      'POST /api/customer',
      envelope(422, { errors: { name: ['客户名称不能超过100个字'] } }, '客户名称不能超过100个字'),
    );
    renderDrawer(undefined, 1);
    await userEvent.type(await field('客户名称'), 'Too long, says the server');
    await confirm();
    const panel = await drawer();
    expect(await within(panel).findByRole('alert')).toHaveTextContent('客户名称不能超过100个字');
    await waitFor(() => expect(within(panel).getAllByText('客户名称不能超过100个字')).toHaveLength(2));
  });
});
