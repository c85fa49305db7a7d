import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '../../../../../contract/overseas';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { OverseasDetailPage } from './overseas-detail-page';
import { historyQueries, scriptRecordHistory } from '../../../components/history-testing';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();
let order: Order;

beforeEach(() => {
  order = {
    id: 5,
    order_no: 'HW-2026-005',
    customer_id: 3,
    customer_name: 'Almaty Motors',
    customer_address: 'Abay Ave 1, Almaty',
    customer_contact_way: '+7 701 000 0000',
    customer_country: '哈萨克斯坦',
    type_id: 1,
    customer: null,
    agent_id: 4,
    agent_name: '张代理',
    amount: 3,
    currency: 'USD',
    total: 45000.5,
    receipt_total: 12000,
    status: 1,
    contracts: ['/storage/contract/2026/11/c1.docx'],
    agreement_no: 'DF-77',
    agreement: '/storage/agreement/2026/11/a1.zip',
    created_at: '2026-11-20T09:00:00.000+08:00',
    updated_at: '2026-11-21T10:30:00.123+08:00',
    cars: [
      { id: 31, vin: 'LSVAB1230RA200001', model: '丰田 卡罗拉', order_price: 15000.25, invoice: 0, other: 0 },
      { id: 32, vin: 'LSVAB1230RA200002', model: '本田 雅阁', order_price: 16000, invoice: 0, other: 0 },
    ],
    receipts: [
      {
        id: 40,
        order_id: 5,
        amount: 12000,
        currency: 'USD',
        receipt_no: 'SK-001',
        receipted_at: '2026-11-20',
        remitter: 'Nurlan',
        settlement: 85000,
        actual_total: 84900.5,
        registered_address: '上海市浦东新区',
        proof: '/storage/image/2026/11/proof.pdf',
        receipt: null,
        is_deposit: 1,
        created_at: '2026-11-20T09:00:00.000+08:00',
        updated_at: '2026-11-20T09:00:00.456+08:00',
      },
    ],
    drawback: [
      {
        id: 2,
        order_id: 5,
        created_at: '2026-12-01T09:00:00.000+08:00',
        drawbackcar: [{ car_id: 31, vin: 'LSVAB1230RA200001' }],
      },
    ],
    archive: [],
    freight: [],
  };
  server.on('GET /api/order/5', () => envelope(200, order));
});

const section = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;

describe('overseas contract detail', () => {
  it('shows the contract, customer, agreement, vehicles, receipts and records', async () => {
    renderInApp(<OverseasDetailPage />, { path: '/overseas/info/:id', initialEntries: ['/overseas/info/5'] });
    await screen.findByText('合同信息');
    const contract = section('合同信息');
    expect(within(contract).getByText('HW-2026-005')).toBeInTheDocument();
    expect(within(contract).getByText('USD 45,000.50')).toBeInTheDocument();
    expect(within(contract).getByText('3 辆（已录入 2 辆）')).toBeInTheDocument();
    expect(within(contract).getByText('2026-11-20')).toBeInTheDocument();
    expect(within(contract).getByText('张代理')).toBeInTheDocument();
    expect(within(contract).getByLabelText('下载 c1.docx')).toBeInTheDocument();

    const customer = section('客户信息');
    for (const value of ['Almaty Motors', 'Abay Ave 1, Almaty', '+7 701 000 0000', '哈萨克斯坦']) {
      expect(within(customer).getByText(value)).toBeInTheDocument();
    }
    const agreement = section('代付协议');
    expect(within(agreement).getByText('DF-77')).toBeInTheDocument();
    expect(within(agreement).getByLabelText('下载 a1.zip')).toBeInTheDocument();

    const vehicles = section('车辆信息（2）');
    expect(within(vehicles).getByText('LSVAB1230RA200002')).toBeInTheDocument();
    expect(within(vehicles).getByText('本田 雅阁')).toBeInTheDocument();
    expect(within(vehicles).getByText('15,000.25')).toBeInTheDocument();
    // Each vehicle opens its business information page.
    expect(within(vehicles).getByLabelText('业务信息 LSVAB1230RA200002')).toHaveAttribute(
      'href',
      '/filed/info/5?car=32',
    );

    const receipts = section('收款记录（1）');
    for (const value of ['USD 12,000.00', '定金', 'SK-001', 'Nurlan', '85,000.00', '84,900.50', '上海市浦东新区']) {
      expect(within(receipts).getByText(value)).toBeInTheDocument();
    }
    expect(within(receipts).getByLabelText('预览 proof.pdf')).toBeInTheDocument();

    const records = section('记录');
    expect(within(records).getByText('LSVAB1230RA200001')).toBeInTheDocument();
    expect(within(records).getByText('2026-12-01')).toBeInTheDocument();
  });

  it('shows the receipt deadline above the receipts: the list’s row when late, with the balance (issue 25)', async () => {
    const row = {
      vehicle_id: null,
      order_id: 5,
      vin: null,
      order_no: 'HW-2026-005',
      key: 'receipt',
      label: '收款',
      started_on: '2026-08-01',
      due_on: '2026-10-30',
      days_left: -4,
      balance: '33000.50',
      currency: 'USD',
    };
    // The list's contract filter is "contains": another contract's row must not be taken for this one's.
    const other = { ...row, order_id: 55, order_no: 'HW-2026-0055', days_left: 2, balance: '1.00' };
    server.on('GET /api/deadline', (request) => {
      expect(Object.fromEntries(request.query)).toMatchObject({ key: 'receipt', order_no: 'HW-2026-005' });
      return envelope(200, { data: [other, row], meta: { total: 2, page: 1, limit: 50 }, total: 2 });
    });
    renderInApp(<OverseasDetailPage />, { path: '/overseas/info/:id', initialEntries: ['/overseas/info/5'] });
    const note = await screen.findByRole('note', { name: '收款期限' });
    await waitFor(() => expect(note).toHaveTextContent('2026-10-30 到期'));
    expect(within(note).getByText('逾期 4 天')).toHaveClass('ant-tag-red');
    expect(note).toHaveTextContent('未收余额 33,000.50 USD');
    expect(section('收款记录（1）')).toContainElement(note);
  });

  it('shows a receipt deadline further off from the rule’s days, and 已收齐 once receipts reach the total', async () => {
    server.on('GET /api/deadline', envelope(200, { data: [], meta: { total: 0, page: 1, limit: 50 }, total: 0 }));
    server.on(
      'GET /api/deadline/rules',
      envelope(200, [{ key: 'receipt', label: '收款', days: 90, fixed: null, enabled: 1 }]),
    );
    const view = renderInApp(<OverseasDetailPage />, {
      path: '/overseas/info/:id',
      initialEntries: ['/overseas/info/5'],
    });
    const note = await screen.findByRole('note', { name: '收款期限' });
    // Created 2026-11-20 (the server's day) + 90 days.
    expect(note).toHaveTextContent('2027-02-18 到期');
    expect(note).toHaveTextContent('未收余额 33,000.50 USD');
    view.unmount();

    order.receipt_total = 45000.5;
    renderInApp(<OverseasDetailPage />, { path: '/overseas/info/:id', initialEntries: ['/overseas/info/5'] });
    expect(await screen.findByRole('note', { name: '收款期限' })).toHaveTextContent('已收齐');
  });

  it('edits a receipt in the update dialog and shows the saved values', async () => {
    server.on('PUT /api/receipt/40', (request) => {
      const body = request.body as { receipt_no: string };
      order = { ...order, receipts: [{ ...order.receipts[0]!, receipt_no: body.receipt_no }] };
      return envelope(200, { id: 40 }, '编辑成功');
    });
    renderInApp(<OverseasDetailPage />, { path: '/overseas/info/:id', initialEntries: ['/overseas/info/5'] });
    await userEvent.click(await screen.findByLabelText('编辑收款 SK-001'));
    const dialog = await screen.findByRole('dialog');
    const receiptNo = within(dialog).getByLabelText('收款单号');
    expect(receiptNo).toHaveValue('SK-001');
    expect(within(dialog).getByLabelText('结汇金额')).toHaveValue('85,000.00');
    await userEvent.clear(receiptNo);
    await userEvent.type(receiptNo, 'SK-002');
    await userEvent.click(
      within(dialog)
        .getByText(/确\s*定/)
        .closest('button') as HTMLElement,
    );
    await screen.findByText('编辑成功');
    const put = server.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ receipt_no: 'SK-002', updated_at: '2026-11-20T09:00:00.456+08:00' });
    await waitFor(() => expect(within(section('收款记录（1）')).getByText('SK-002')).toBeInTheDocument());
  });

  it('offers 移交采购 on a new contract, then 新建采购合同 opening the purchase form for it', async () => {
    const view = renderInApp(<OverseasDetailPage />, {
      path: '/overseas/info/:id',
      initialEntries: ['/overseas/info/5'],
    });
    await screen.findByText('合同信息');
    expect(screen.getByRole('button', { name: /移交采购/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新建采购合同/ })).not.toBeInTheDocument();
    view.unmount();

    order = { ...order, status: 2 };
    const handed = renderInApp(<OverseasDetailPage />, {
      path: '/overseas/info/:id',
      initialEntries: ['/overseas/info/5'],
    });
    await userEvent.click(await screen.findByRole('button', { name: /新建采购合同/ }));
    expect(handed.location()).toBe('/purchase/add?order_id=5');
  });

  it('says the contract does not exist for a bad id', async () => {
    renderInApp(<OverseasDetailPage />, { path: '/overseas/info/:id', initialEntries: ['/overseas/info/abc'] });
    expect(await screen.findByText('记录不存在')).toBeInTheDocument();
  });

  it('变更记录 shows this contract’s history, and a filing record’s 变更记录 its own', async () => {
    const remark = scriptRecordHistory(server, 'order', 5);
    renderInApp(<OverseasDetailPage />, { path: '/overseas/info/:id', initialEntries: ['/overseas/info/5'] });
    await screen.findByText('合同信息');
    // Asked only once the tab is opened.
    expect(historyQueries(server)).toEqual([]);
    await userEvent.click(screen.getByRole('tab', { name: '变更记录' }));
    expect(await screen.findByText(remark)).toBeInTheDocument();
    expect(screen.getByText('李会计')).toBeInTheDocument();
    expect(historyQueries(server)).toEqual([{ entity: 'order', id: '5', page: '1' }]);

    const drawbackRemark = scriptRecordHistory(server, 'drawback', 2);
    await userEvent.click(screen.getByRole('tab', { name: '详情' }));
    await userEvent.click(screen.getByRole('button', { name: '变更记录 退税记录 1' }));
    const drawer = await screen.findByRole('dialog', { name: '变更记录：退税记录 1' });
    expect(await within(drawer).findByText(drawbackRemark)).toBeInTheDocument();
    expect(historyQueries(server).at(-1)).toEqual({ entity: 'drawback', id: '2', page: '1' });
  });
});
