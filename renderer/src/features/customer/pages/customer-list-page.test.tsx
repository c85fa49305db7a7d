import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { Customer, CustomerType } from '../../../../../contract/customer';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { CustomerListPage } from './customer-list-page';
import { historyQueries, scriptRecordHistory } from '../../../components/history-testing';

configure({ asyncUtilTimeout: 4000 });

const server = scriptedApiForEachTest();
let types: CustomerType[];
let customers: Customer[];

const customer = (id: number, name: string, typeId: number, type: string): Customer => ({
  id,
  name,
  type_id: typeId,
  type,
  country: '哈萨克斯坦',
  contact_name: `联系人${id}`,
  contact_way: `1380000000${id}`,
  address: `地址${id}`,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:00:00.000+08:00',
});

beforeEach(() => {
  types = [
    { id: 1, name: '销外客户', status: 1 },
    { id: 2, name: '代理人', status: 1 },
    { id: 5, name: '国内卖家', status: 1 },
  ];
  customers = [
    customer(1, 'Almaty Motors', 1, '销外客户'),
    customer(2, 'Tashkent Auto', 1, '销外客户'),
    customer(3, '张代理', 2, '代理人'),
  ];
  server.on('GET /api/customerType', () => envelope(200, types));
  // The server's filters as API.md says: type, a part of the name.
  server.on('GET /api/customer', (request) => {
    const typeId = Number(request.query.get('type_id'));
    const name = request.query.get('name') ?? '';
    const rows = customers.filter((row) => row.type_id === typeId && row.name.includes(name));
    return envelope(200, { data: rows, meta: { total: rows.length, page: 1, limit: 15 }, total: rows.length });
  });
});

/** antd spaces two-character labels (删 除); role queries over a whole table are slow in jsdom. */
const buttonIn = (row: HTMLElement, label: RegExp) => within(row).getByText(label).closest('button') as HTMLElement;
const listRequests = () => server.requests.filter((request) => request.path === '/api/customer');
const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'td' })).closest('tr') as HTMLElement;

describe('customer list page', () => {
  it('shows one tab per customer type with the first selected, and lists that type 15 a page', async () => {
    renderInApp(<CustomerListPage />, { initialEntries: ['/custom/list'] });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['销外客户', '代理人', '国内卖家']);
    expect(screen.getByRole('tab', { name: '销外客户' })).toHaveAttribute('aria-selected', 'true');

    const almaty = await rowOf('Almaty Motors');
    expect(within(almaty).getByText('销外客户')).toBeInTheDocument();
    expect(within(almaty).getByText('哈萨克斯坦')).toBeInTheDocument();
    expect(within(almaty).getByText('联系人1')).toBeInTheDocument();
    expect(within(almaty).getByText('13800000001')).toBeInTheDocument();
    expect(within(almaty).getByText('地址1')).toBeInTheDocument();
    expect(
      within(almaty).getByText(dayjs('2026-11-20T09:00:00.000+08:00').format('YYYY-MM-DD HH:mm:ss')),
    ).toBeInTheDocument();
    expect(within(almaty).getByRole('checkbox')).toBeInTheDocument();
    expect(screen.queryByText('张代理')).not.toBeInTheDocument();
    expect(listRequests()[0]?.query.get('type_id')).toBe('1');
    expect(listRequests()[0]?.query.get('limit')).toBe('15');
    for (const header of ['ID', '客户名称', '客户类型', '国家', '联系人', '联系方式', '地址', '创建时间']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
  });

  it('lists the other type when its tab is chosen', async () => {
    renderInApp(<CustomerListPage />, { initialEntries: ['/custom/list'] });
    await rowOf('Almaty Motors');
    await userEvent.click(screen.getByRole('tab', { name: '代理人' }));
    await rowOf('张代理');
    expect(screen.queryByText('Almaty Motors')).not.toBeInTheDocument();
    expect(listRequests().at(-1)?.query.get('type_id')).toBe('2');
  });

  it('shows the sellers under their own tab 供应商, and a customer added there is a 供应商', async () => {
    types = [
      { id: 1, name: '销外客户', status: 1, kind: 'customer' },
      { id: 2, name: '代理人', status: 1, kind: 'agent' },
      { id: 3, name: '供应商', status: 1, kind: 'seller' },
    ];
    customers.push(customer(4, '杭州二手车行', 3, '供应商'));
    server.on('POST /api/customer', envelope(201, { id: 9 }, '新建客户成功'));
    renderInApp(<CustomerListPage />, { initialEntries: ['/custom/list'] });
    await rowOf('Almaty Motors');
    // Sellers are not overseas customers: not on the first tab.
    expect(screen.queryByText('杭州二手车行')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '供应商' }));
    const seller = await rowOf('杭州二手车行');
    expect(within(seller).getByText('供应商')).toBeInTheDocument();
    expect(screen.queryByText('Almaty Motors')).not.toBeInTheDocument();
    expect(listRequests().at(-1)?.query.get('type_id')).toBe('3');

    await userEvent.click(screen.getByRole('button', { name: /新增客户/ }));
    const drawer = await screen.findByRole('dialog', { name: '新增客户' });
    expect(within(drawer).getByTitle('供应商')).toBeInTheDocument();
    await userEvent.type(within(drawer).getByLabelText('客户名称'), '宁波车行');
    await userEvent.click(within(drawer).getByRole('button', { name: /确\s*定|保\s*存/ }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
        name: '宁波车行',
        type_id: 3,
      }),
    );
  });

  it('sends the name and the date range as filters, and 重置 clears them', async () => {
    renderInApp(<CustomerListPage />, { initialEntries: ['/custom/list'] });
    await rowOf('Almaty Motors');
    const filters = screen.getByRole('search', { name: '客户筛选' });
    await userEvent.type(within(filters).getByLabelText('客户名称'), ' Tash ');
    await userEvent.click(within(filters).getByPlaceholderText('开始日期'));
    await userEvent.type(within(filters).getByPlaceholderText('开始日期'), '2026-11-01{Enter}');
    await userEvent.type(within(filters).getByPlaceholderText('结束日期'), '2026-11-30{Enter}');
    await userEvent.click(within(filters).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('name')).toBe('Tash'));
    const query = listRequests().at(-1)!.query;
    expect(query.get('start_time')).toBe('2026-11-01');
    expect(query.get('end_time')).toBe('2026-11-30');
    expect(query.get('type_id')).toBe('1');
    await waitFor(() => expect(screen.queryByText('Almaty Motors')).not.toBeInTheDocument());
    await rowOf('Tashkent Auto');

    await userEvent.click(within(filters).getByRole('button', { name: /重\s*置/ }));
    await rowOf('Almaty Motors');
    expect(within(filters).getByLabelText('客户名称')).toHaveValue('');
    expect(within(filters).getByPlaceholderText('开始日期')).toHaveValue('');
  });

  it('says what to do when a type has no customers yet, or the filter finds none', async () => {
    customers = [];
    renderInApp(<CustomerListPage />, { initialEntries: ['/custom/list'] });
    expect(await screen.findByText('“销外客户”下暂无客户，点击“新增客户”添加')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('客户名称'), 'nobody{Enter}');
    expect(await screen.findByText('没有符合条件的客户，请修改筛选条件或点击“重置”')).toBeInTheDocument();
  });

  it('leads to the customer type page', async () => {
    const { location } = renderInApp(<CustomerListPage />, { initialEntries: ['/custom/list'] });
    await rowOf('Almaty Motors');
    await userEvent.click(screen.getByRole('button', { name: /管理客户类型/ }));
    await waitFor(() => expect(location()).toBe('/custom/type'));
  });

  it('opens the drawer filled with the row when 编辑 is clicked', async () => {
    renderInApp(<CustomerListPage />, { initialEntries: ['/custom/list'] });
    await userEvent.click(buttonIn(await rowOf('Tashkent Auto'), /^编\s*辑$/));
    const drawer = await screen.findByRole('dialog', { name: '编辑客户' });
    expect(within(drawer).getByLabelText('客户名称')).toHaveValue('Tashkent Auto');
    expect(within(drawer).getByLabelText('地址')).toHaveValue('地址2');
  });

  it('asks before deleting, then says 删除成功! and reloads', async () => {
    server.on('DELETE /api/customer/2', () => {
      customers = customers.filter((row) => row.id !== 2);
      return { status: 204 };
    });
    renderInApp(<CustomerListPage />, { initialEntries: ['/custom/list'] });
    await userEvent.click(buttonIn(await rowOf('Tashkent Auto'), /^删\s*除$/));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Tashkent Auto');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Tashkent Auto', { selector: 'td' })).not.toBeInTheDocument());
  });

  it('explains in a dialog why a customer on a contract cannot be deleted', async () => {
    server.on('DELETE /api/customer/1', envelope(409, null, '该客户已有海外合同，不能删除'));
    renderInApp(<CustomerListPage />, { initialEntries: ['/custom/list'] });
    await userEvent.click(buttonIn(await rowOf('Almaty Motors'), /^删\s*除$/));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    const [refusal] = await screen.findAllByText('无法删除该客户');
    expect(refusal?.closest('.ant-modal')).toHaveTextContent('该客户已有海外合同，不能删除');
    expect(await rowOf('Almaty Motors')).toBeInTheDocument();
  });

  it('sends the clerk to add a type first when there is none', async () => {
    types = [];
    const { location } = renderInApp(<CustomerListPage />, { initialEntries: ['/custom/list'] });
    expect(await screen.findByText('还没有客户类型，请先添加客户类型，再添加客户')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新增客户/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '去添加客户类型' }));
    await waitFor(() => expect(location()).toBe('/custom/type'));
  });

  it('the drawer’s 变更记录 tab shows that customer’s history, and the form is kept', async () => {
    const remark = scriptRecordHistory(server, 'customer', 2);
    renderInApp(<CustomerListPage />, { initialEntries: ['/custom/list'] });
    await userEvent.click(buttonIn(await rowOf('Tashkent Auto'), /^编\s*辑$/));
    const drawer = await screen.findByRole('dialog', { name: '编辑客户' });
    await userEvent.clear(within(drawer).getByLabelText('地址'));
    await userEvent.type(within(drawer).getByLabelText('地址'), '新地址');
    await userEvent.click(within(drawer).getByRole('tab', { name: '变更记录' }));
    expect(await within(drawer).findByText(remark)).toBeInTheDocument();
    expect(historyQueries(server)).toEqual([{ entity: 'customer', id: '2', page: '1' }]);
    await userEvent.click(within(drawer).getByRole('tab', { name: '客户信息' }));
    expect(within(drawer).getByLabelText('地址')).toHaveValue('新地址');
  });

  it('?open=<id> opens that customer’s drawer on its type’s tab, once', async () => {
    server.on('GET /api/customer/3', envelope(200, customers[2]));
    const view = renderInApp(<CustomerListPage />, { path: '/custom/list', initialEntries: ['/custom/list?open=3'] });
    const drawer = await screen.findByRole('dialog', { name: '编辑客户' });
    expect(within(drawer).getByLabelText('客户名称')).toHaveValue('张代理');
    // The list shows the customer's type, and the link's parameter is spent.
    expect(await rowOf('张代理')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '代理人', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(view.location()).toBe('/custom/list'));
  });

  it('?open= of a customer that no longer exists leaves the list as it was', async () => {
    server.on('GET /api/customer/99', envelope(404, null, '记录不存在'));
    const view = renderInApp(<CustomerListPage />, { path: '/custom/list', initialEntries: ['/custom/list?open=99'] });
    await rowOf('Almaty Motors');
    await waitFor(() => expect(view.location()).toBe('/custom/list'));
    expect(screen.queryByRole('dialog', { name: '编辑客户' })).not.toBeInTheDocument();
  });
});
