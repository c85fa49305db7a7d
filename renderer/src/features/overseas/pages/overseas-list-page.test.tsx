import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderListItem } from '../../../../../contract/overseas';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { captureDownloads, type CapturedDownloads } from '../../../components/download-capture';
import { installObjectUrlStandIn, type ObjectUrlRegistry } from '../../../components/object-url-stand-in';
import { loadSettings, useSettingsStore } from '../../../stores/settings';
import { OverseasListPage } from './overseas-list-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();
let urls: ObjectUrlRegistry;
let downloads: CapturedDownloads;

const order = (id: number, orderNo: string, overrides: Partial<OrderListItem> = {}): OrderListItem => ({
  id,
  order_no: orderNo,
  customer_id: 3,
  customer_name: 'Almaty Motors',
  customer: { id: 3, name: 'Almaty Motors' },
  country: '哈萨克斯坦',
  customer_country: '哈萨克斯坦',
  agent_id: 4,
  agent_name: '张代理',
  amount: 2,
  currency: 'USD',
  total: 1234567.5,
  receipt_total: 308641.88,
  status: 1,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:00:00.000+08:00',
  cars: [
    { id: 1, vin: 'LSVAB1230RA200001', model: '丰田 卡罗拉', order_price: 600000, invoice: 0, other: 0 },
    { id: 2, vin: 'LSVAB1230RA200002', model: '本田 雅阁', order_price: 634567.5, invoice: 0, other: 0 },
  ],
  ...overrides,
});

let rows: OrderListItem[];

beforeEach(async () => {
  localStorage.clear();
  await loadSettings();
  urls = installObjectUrlStandIn();
  downloads = captureDownloads();
  rows = [order(7, 'HW-2026-007'), order(8, 'HW-2026-008', { cars: [], receipt_total: 0, currency: 'CNY' })];
  server.on('GET /api/order', (request) => {
    const number = request.query.get('order_no') ?? '';
    const found = rows.filter((row) => row.order_no.includes(number));
    return envelope(200, { data: found, meta: { total: found.length, page: 1, limit: 15 }, total: found.length });
  });
  server.on('GET /api/order/export', envelope(200, { download_url: '/storage/exports/2026/11/orders.xlsx' }));
  server.on('GET /api/order/receipt/export', envelope(200, { download_url: '/storage/exports/2026/11/receipts.xlsx' }));
  // Zip's magic bytes first: the download checks that it received a workbook.
  server.on('GET /storage/exports/2026/11/orders.xlsx', { status: 200, body: 'PK\u0003\u0004orders' });
  server.on('GET /storage/exports/2026/11/receipts.xlsx', { status: 200, body: 'PK\u0003\u0004receipts' });
});
afterEach(() => {
  urls.restore();
  downloads.stop();
});

const listRequests = () => server.requests.filter((request) => request.path === '/api/order');
const rowOf = async (orderNo: string) => (await screen.findByText(orderNo, { selector: 'td' })).closest('tr')!;
const headers = () => Array.from(document.querySelectorAll('thead th'), (cell) => cell.textContent ?? '');
const button = (text: RegExp) => screen.getByText(text).closest('button') as HTMLElement;

describe('overseas contract list', () => {
  it('lists 15 a page with the ten columns, the receipt progress and the row actions', async () => {
    renderInApp(<OverseasListPage />, { initialEntries: ['/overseas/list'] });
    const row = await rowOf('HW-2026-007');
    for (const title of [
      'ID',
      '合同号',
      '客户',
      '国家',
      '代理人',
      '订购数量',
      '币种',
      '合同总额',
      '收款进度',
      '创建时间',
    ]) {
      expect(headers()).toContain(title);
    }
    expect(listRequests()[0]?.query.get('limit')).toBe('15');
    expect(within(row).getByText('Almaty Motors')).toBeInTheDocument();
    expect(within(row).getByText('1,234,567.50')).toBeInTheDocument();
    expect(within(row).getByLabelText('收款进度 25%，已收 308,641.88 / 1,234,567.50')).toBeInTheDocument();
    expect(within(row).getByText('已收 308,641.88 / 1,234,567.50')).toBeInTheDocument();
    expect(within(row).getByText('编辑')).toBeInTheDocument();
    expect(within(row).getByText('详情')).toBeInTheDocument();
    expect(within(row).getByText('收款')).toBeInTheDocument();
  });

  it('expands a row to its VINs', async () => {
    renderInApp(<OverseasListPage />, { initialEntries: ['/overseas/list'] });
    const row = await rowOf('HW-2026-007');
    expect(screen.queryByText('LSVAB1230RA200001')).not.toBeInTheDocument();
    await userEvent.click(row.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(await screen.findByText('LSVAB1230RA200001')).toBeInTheDocument();
    expect(screen.getByText('LSVAB1230RA200002')).toBeInTheDocument();
    const empty = await rowOf('HW-2026-008');
    await userEvent.click(empty.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(await screen.findByText('该合同还没有车辆')).toBeInTheDocument();
  });

  it('opens the form, the detail and the receipt dialog from a row', async () => {
    const view = renderInApp(<OverseasListPage />, { initialEntries: ['/overseas/list'] });
    const row = await rowOf('HW-2026-008');
    await userEvent.click(within(row).getByText('收款'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/HW-2026-008/)).toBeInTheDocument();
    // The contract's currency, fixed (the server refuses another).
    expect(within(dialog).getByLabelText('币种')).toHaveValue('CNY');
    await userEvent.click(within(dialog).getByText(/取\s*消/));

    await userEvent.click(within(row).getByText('详情'));
    expect(view.location()).toBe('/overseas/info/8');
    await view.router.navigate('/overseas/list');
    await userEvent.click(within(await rowOf('HW-2026-007')).getByText('编辑'));
    expect(view.location()).toBe('/overseas/edit/7');
    await view.router.navigate('/overseas/list');
    await userEvent.click(await screen.findByText(/新建业务/));
    expect(view.location()).toBe('/overseas/add');
  });

  it('新建采购合同 on a contract handed to purchasing opens the purchase form for it; a new one offers 移交采购', async () => {
    rows = [order(7, 'HW-2026-007'), order(9, 'HW-2026-009', { status: 2 }), order(6, 'HW-2026-006', { status: 6 })];
    const view = renderInApp(<OverseasListPage />, { initialEntries: ['/overseas/list'] });
    const handed = await rowOf('HW-2026-009');
    expect(within(handed).queryByRole('button', { name: '合同 HW-2026-009 移交采购' })).not.toBeInTheDocument();
    expect(
      within(await rowOf('HW-2026-007')).getByRole('button', { name: '合同 HW-2026-007 移交采购' }),
    ).toBeInTheDocument();
    expect(within(await rowOf('HW-2026-007')).queryByRole('button', { name: /新建采购合同/ })).not.toBeInTheDocument();
    expect(within(await rowOf('HW-2026-006')).queryByRole('button', { name: /新建采购合同/ })).not.toBeInTheDocument();
    await userEvent.click(within(handed).getByRole('button', { name: '合同 HW-2026-009 新建采购合同' }));
    expect(view.location()).toBe('/purchase/add?order_id=9');
  });

  it('refuses a negative amount filter on the field, as typed, and asks the server nothing (issue 7)', async () => {
    renderInApp(<OverseasListPage />, { initialEntries: ['/overseas/list'] });
    await rowOf('HW-2026-007');
    const asked = listRequests().length;
    const filters = screen.getByRole('search', { name: '海外合同筛选' });
    await userEvent.type(within(filters).getByLabelText('订单金额'), '-100');
    await userEvent.click(button(/搜\s*索/));
    expect(await within(filters).findByText('订单金额不能为负数')).toBeInTheDocument();
    expect(within(filters).getByLabelText('订单金额')).toHaveValue('-100');
    expect(listRequests()).toHaveLength(asked);
  });

  it('searches with all six filters, exports with them, and 重置 clears them all', async () => {
    renderInApp(<OverseasListPage />, { initialEntries: ['/overseas/list'] });
    await rowOf('HW-2026-007');
    const filters = screen.getByRole('search', { name: '海外合同筛选' });
    await userEvent.type(within(filters).getByLabelText('合同号'), ' 007 ');
    await userEvent.type(within(filters).getByLabelText('订单金额'), '1234567.5');
    await userEvent.type(within(filters).getByLabelText('收款金额'), '308641.88');
    await userEvent.type(within(filters).getByLabelText('车架号'), 'LSVAB');
    await userEvent.type(within(filters).getByLabelText('客户名称'), 'Almaty');
    await userEvent.click(within(filters).getByPlaceholderText('开始日期'));
    await userEvent.type(within(filters).getByPlaceholderText('开始日期'), '2026-11-01{Enter}');
    await userEvent.type(within(filters).getByPlaceholderText('结束日期'), '2026-11-30{Enter}');
    await userEvent.click(button(/搜\s*索/));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('order_no')).toBe('007'));
    const sent = {
      order_no: '007',
      total: '1234567.5',
      amount: '308641.88',
      vin: 'LSVAB',
      name: 'Almaty',
      start_time: '2026-11-01',
      end_time: '2026-11-30',
    };
    expect(Object.fromEntries(listRequests().at(-1)!.query)).toEqual({ ...sent, page: '1', limit: '15' });
    await waitFor(() => expect(screen.queryByText('HW-2026-008', { selector: 'td' })).not.toBeInTheDocument());

    await userEvent.click(button(/导出Excel/));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    const exportCall = server.requests.find((request) => request.path === '/api/order/export')!;
    // The whole filtered list, not a page of it: no page, no limit.
    expect(Object.fromEntries(exportCall.query)).toEqual(sent);
    expect(downloads.saved[0]?.name).toMatch(/^海外合同-\d{8}\.xlsx$/);

    await userEvent.click(button(/导出收款单/));
    await waitFor(() => expect(downloads.saved).toHaveLength(2));
    const receiptCall = server.requests.find((request) => request.path === '/api/order/receipt/export')!;
    expect(Object.fromEntries(receiptCall.query)).toEqual(sent);
    expect(downloads.saved[1]?.name).toMatch(/^海外收款-\d{8}\.xlsx$/);

    // 重置: every field empty, the whole list again (from the cache when it is fresh), and an export now
    // asks for everything.
    await userEvent.click(button(/重\s*置/));
    await rowOf('HW-2026-008');
    for (const label of ['合同号', '订单金额', '收款金额', '车架号', '客户名称']) {
      expect(within(filters).getByLabelText(label)).toHaveValue('');
    }
    expect(within(filters).getByPlaceholderText('开始日期')).toHaveValue('');
    expect(within(filters).getByPlaceholderText('结束日期')).toHaveValue('');
    const exportsBefore = server.requests.filter((request) => request.path === '/api/order/export').length;
    await userEvent.click(button(/导出Excel/));
    await waitFor(() => expect(downloads.saved).toHaveLength(3));
    const exportCalls = server.requests.filter((request) => request.path === '/api/order/export');
    expect(exportCalls).toHaveLength(exportsBefore + 1);
    expect(Object.fromEntries(exportCalls.at(-1)!.query)).toEqual({});
    // Seven fields typed into key by key: slow in jsdom on a shared machine.
  }, 60_000);

  it('says to click 新建业务 when there is no contract, and 刷新 reloads the page', async () => {
    rows = [];
    renderInApp(<OverseasListPage />, { initialEntries: ['/overseas/list'] });
    expect(await screen.findByText('暂无海外合同，点击“新建业务”添加')).toBeInTheDocument();
    const before = listRequests().length;
    rows = [order(9, 'HW-2026-009')];
    await userEvent.click(button(/刷\s*新/));
    await rowOf('HW-2026-009');
    expect(listRequests().length).toBe(before + 1);
  });

  it('remembers the chosen columns between sessions', async () => {
    renderInApp(<OverseasListPage />, { initialEntries: ['/overseas/list'] });
    await rowOf('HW-2026-007');
    await userEvent.click(button(/列设置/));
    const chooser = await screen.findByRole('group', { name: '显示的列' });
    await userEvent.click(within(chooser).getByLabelText('国家'));
    await userEvent.click(within(chooser).getByLabelText('代理人'));
    await waitFor(() => expect(headers()).not.toContain('国家'));
    expect(headers()).not.toContain('代理人');
    expect(useSettingsStore.getState().settings.columns['overseas-list']).toEqual([
      'id',
      'order_no',
      'customer',
      'amount',
      'currency',
      'total',
      'receipt_progress',
      'created_at',
    ]);

    // A new session: the settings are read again from the desktop's store.
    cleanup();
    useSettingsStore.setState({ settings: { ...useSettingsStore.getState().settings, columns: {} } });
    await loadSettings();
    renderInApp(<OverseasListPage />, { initialEntries: ['/overseas/list'] });
    await rowOf('HW-2026-007');
    expect(headers()).not.toContain('国家');
    expect(headers()).toContain('合同号');
  });
});
