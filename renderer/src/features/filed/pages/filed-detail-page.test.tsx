import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '../../../../../contract/overseas';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { FiledDetailPage, FINISHED_NOTE } from './filed-detail-page';
import { historyQueries, scriptRecordHistory } from '../../../components/history-testing';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const vin = (id: number) => `LSVAB1230RA2000${String(id).padStart(2, '0')}`;

const order = (overrides: Partial<Order> = {}): Order => ({
  id: 5,
  order_no: 'HW-2026-005',
  customer_id: 3,
  customer_name: 'Almaty Motors',
  customer_address: null,
  customer_contact_way: null,
  customer_country: null,
  type_id: 1,
  customer: null,
  agent_id: null,
  agent_name: null,
  amount: 2,
  currency: 'USD',
  total: 45000,
  receipt_total: 0,
  status: 2,
  contracts: [],
  agreement_no: null,
  agreement: null,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-21T10:30:00.000+08:00',
  cars: [11, 12].map((id) => ({ id, vin: vin(id), model: '丰田 卡罗拉', order_price: 9000, invoice: 0, other: 0 })),
  receipts: [],
  drawback: [
    { id: 2, order_id: 5, created_at: '2026-12-01T09:00:00.000+08:00', drawbackcar: [{ car_id: 11, vin: vin(11) }] },
  ],
  archive: [
    {
      id: 7,
      order_id: 5,
      created_at: '2026-12-02T09:00:00.000+08:00',
      zxzm_image: '/storage/document/2026/12/注销证明.pdf',
      archivecar: [{ car_id: 12, vin: vin(12) }],
    },
  ],
  freight: [],
  ...overrides,
});

let answer: Order;
beforeEach(() => {
  answer = order();
  server.on('GET /api/order/5', () => envelope(200, answer));
});

const renderDetail = (entry = '/filed/detail/5') =>
  renderInApp(<FiledDetailPage />, { path: '/filed/detail/:order_id', initialEntries: ['/filed/list', entry] });

describe('filed detail (归档详情)', { timeout: 60_000 }, () => {
  it('shows the contract and its filing records, each deregistration with 编辑 to its form', async () => {
    const { location } = renderDetail();
    expect(await screen.findByText('Almaty Motors')).toBeInTheDocument();
    expect(screen.getAllByText('HW-2026-005').length).toBeGreaterThan(0);
    expect(screen.getByText('共 2 台')).toBeInTheDocument();
    expect(screen.getByText('未完成')).toBeInTheDocument();
    // No 编辑 for the page itself: its records are edited one by one.
    expect(screen.queryByText(/^编\s*辑$/, { selector: 'button span' })).not.toBeInTheDocument();

    const refund = screen.getByLabelText('退税记录 1');
    expect(within(refund).getByText(vin(11))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '注销记录' }));
    const deregistration = await screen.findByLabelText('注销记录 1');
    expect(within(deregistration).getByText(vin(12))).toBeInTheDocument();
    await userEvent.click(within(deregistration).getByLabelText('编辑注销记录 1'));
    await waitFor(() => expect(location()).toBe('/filed/freeze_edit/5/7'));
  });

  it('opens the three filing forms of the contract from its header', async () => {
    const { location, router } = renderDetail();
    await screen.findByText('Almaty Motors');
    for (const [text, path] of [
      ['退税', '/filed/tax_add/5'],
      ['注销', '/filed/freeze_add/5'],
      ['运费', '/filed/freight_add/5'],
    ] as const) {
      await userEvent.click(screen.getByText(text, { selector: 'button span' }));
      await waitFor(() => expect(location()).toBe(path));
      await router.navigate('/filed/detail/5');
      await screen.findByText('Almaty Motors');
    }
  });

  it('says 暂无相关记录 in an empty tab and 已完成 once the contract is finished, its new-record buttons off', async () => {
    answer = order({ status: 6, drawback: [], archive: [] });
    renderDetail();
    expect(await screen.findByText('已完成')).toBeInTheDocument();
    expect(screen.getByText('暂无相关记录')).toBeInTheDocument();
    // Nothing is left to refund, deregister or freight: the header says so instead of opening empty forms.
    for (const text of ['退税', '注销', '运费']) {
      const button = screen.getByText(text, { selector: 'button span' }).closest('button')!;
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', FINISHED_NOTE);
    }
  });

  it('says a contract that does not exist is missing', async () => {
    renderDetail('/filed/detail/abc');
    expect(await screen.findByText('该海外合同不存在或已被删除')).toBeInTheDocument();
  });

  it('变更记录 shows the contract’s history, and each filing record’s 变更记录 its own', async () => {
    const remark = scriptRecordHistory(server, 'order', 5);
    renderDetail();
    await userEvent.click(await screen.findByRole('tab', { name: '变更记录' }));
    expect(await screen.findByText(remark)).toBeInTheDocument();
    expect(historyQueries(server)).toEqual([{ entity: 'order', id: '5', page: '1' }]);

    const archiveRemark = scriptRecordHistory(server, 'archive', 7);
    await userEvent.click(screen.getByRole('tab', { name: '详情' }));
    await userEvent.click(screen.getByRole('tab', { name: '注销记录' }));
    await userEvent.click(await screen.findByRole('button', { name: '变更记录 注销记录 1' }));
    const drawer = await screen.findByRole('dialog', { name: '变更记录：注销记录 1' });
    expect(await within(drawer).findByText(archiveRemark)).toBeInTheDocument();
    expect(historyQueries(server).at(-1)).toEqual({ entity: 'archive', id: '7', page: '1' });
  });
});
