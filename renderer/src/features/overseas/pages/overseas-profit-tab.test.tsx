/**
 * The contract detail's 利润 tab (issue 26): the totals, a row per car (final and 预估 with its reasons),
 * the margin in percent, money with separators, the receipts' 汇兑损益 in green and red and their sum; a
 * contract whose month has no book rate says so and leads to 记账汇率.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '../../../../../contract/overseas';
import type { OrderProfit } from '../../../../../contract/profit';
import { GAIN_COLOR, LOSS_COLOR } from '../../../components/profit-figures';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { OverseasDetailPage } from './overseas-detail-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const receipt = (id: number, receipt_no: string, amount: number, settlement: number | null) => ({
  id,
  order_id: 5,
  amount,
  currency: 'USD' as const,
  receipt_no,
  receipted_at: '2026-11-20',
  remitter: null,
  settlement,
  actual_total: null,
  registered_address: null,
  proof: null,
  receipt: null,
  is_deposit: 0 as const,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:00:00.000+08:00',
});

const order = {
  id: 5,
  order_no: 'HW-2026-005',
  customer_id: 3,
  customer_name: 'Almaty Motors',
  customer_address: null,
  customer_contact_way: null,
  customer_country: '哈萨克斯坦',
  type_id: 1,
  customer: null,
  agent_id: null,
  agent_name: null,
  amount: 2,
  currency: 'USD',
  total: 31000,
  receipt_total: 31000,
  status: 6,
  contracts: [],
  agreement_no: null,
  agreement: null,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-21T10:30:00.000+08:00',
  cars: [
    { id: 31, vin: 'LSVAB1230RA200001', model: '丰田 卡罗拉', order_price: 15000, invoice: 0, other: 0 },
    { id: 32, vin: 'LSVAB1230RA200002', model: '本田 雅阁', order_price: 16000, invoice: 0, other: 0 },
  ],
  receipts: [
    receipt(40, 'SK-001', 15000, 108234.5),
    receipt(41, 'SK-002', 10000, 70800),
    receipt(42, 'SK-003', 6000, null),
  ],
  drawback: [],
  archive: [],
  freight: [],
} as unknown as Order;

const profit: OrderProfit = {
  order_id: 5,
  currency: 'USD',
  book_rate: '7.1',
  month: '2026-11',
  cars: [
    {
      car_id: 31,
      vin: 'LSVAB1230RA200001',
      revenue: '1234567.89',
      costs: '1100000.00',
      freight: '12000.00',
      drawback: '73232.11',
      profit: '195800.00',
      margin: '0.1586',
      final: true,
      reasons: [],
    },
    {
      car_id: 32,
      vin: 'LSVAB1230RA200002',
      revenue: '113600.00',
      costs: '120000.00',
      freight: null,
      drawback: '0.00',
      profit: '-6400.00',
      margin: '-0.0563',
      final: false,
      reasons: ['运费未录入', '尚未结汇'],
    },
  ],
  receipts: [
    { id: 40, amount: '15000.00', currency: 'USD', book_rate: '7.1', settlement: '108234.50', fx_gain: '1734.50' },
    { id: 41, amount: '10000.00', currency: 'USD', book_rate: '7.1', settlement: '70800.00', fx_gain: '-200.00' },
    { id: 42, amount: '6000.00', currency: 'USD', book_rate: '7.1', settlement: null, fx_gain: null },
  ],
  totals: {
    revenue: '1348167.89',
    costs: '1220000.00',
    freight: '12000.00',
    drawback: '73232.11',
    profit: '189400.00',
    margin: '0.1405',
    fx_gain: '1534.50',
    final: false,
    reasons: ['尚未结汇', '运费未录入'],
  },
};

beforeEach(() => {
  server.on('GET /api/order/5', envelope(200, order));
  server.on('GET /api/order/5/profit', envelope(200, profit));
});

const openProfit = async () => {
  const view = renderInApp(<OverseasDetailPage />, {
    path: '/overseas/info/:id',
    initialEntries: ['/overseas/info/5'],
  });
  await screen.findByText('合同信息');
  await userEvent.click(screen.getByRole('tab', { name: '利润' }));
  return view;
};
const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;
const cellTexts = (row: HTMLElement) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent);

describe('the 利润 tab of an overseas contract', () => {
  it('shows each car final or 预估 with its reasons, the margin in percent and money with separators, and the 合计 row', async () => {
    await openProfit();
    const cars = await screen.findByLabelText('车辆利润');
    const first = rowOf(cars, 'LSVAB1230RA200001');
    expect(cellTexts(first)).toEqual([
      expect.stringContaining('LSVAB1230RA200001'),
      '1,234,567.89',
      '1,100,000.00',
      '12,000.00',
      '73,232.11',
      '195,800.00',
      '15.86%',
      '最终',
    ]);
    const second = rowOf(cars, 'LSVAB1230RA200002');
    expect(within(first).getByTitle('丰田 卡罗拉')).toBeInTheDocument();
    expect(cellTexts(second).slice(1, 7)).toEqual(['113,600.00', '120,000.00', '—', '0.00', '-6,400.00', '-5.63%']);
    // A loss is red; the reasons in the contract's order, whatever order they came in.
    expect(within(second).getByText('-6,400.00')).toHaveStyle({ color: LOSS_COLOR });
    expect(Array.from(second.querySelectorAll('.ant-tag'), (tag) => tag.textContent)).toEqual([
      '预估',
      '尚未结汇',
      '运费未录入',
    ]);
    // The VIN opens the vehicle file.
    expect(within(first).getByRole('link', { name: 'LSVAB1230RA200001' })).toHaveAttribute('href', '/vehicle/31');

    const total = cars.querySelector('.profit-total-row') as HTMLElement;
    expect(cellTexts(total)).toEqual([
      '合计（2 台）',
      '1,348,167.89',
      '1,220,000.00',
      '12,000.00',
      '73,232.11',
      '189,400.00',
      '14.05%',
      '预估',
    ]);

    const summary = screen.getByLabelText('合同利润');
    expect(within(summary).getByText('14.05%')).toBeInTheDocument();
    expect(within(summary).getByText('2026-11：7.1（USD→CNY）')).toBeInTheDocument();
    expect(Array.from(summary.querySelectorAll('.profit-reason'), (tag) => tag.textContent)).toEqual([
      '尚未结汇',
      '运费未录入',
    ]);
  });

  it('shows each receipt’s 汇兑损益: a gain green with +, a loss red, nothing until settled, and the sum', async () => {
    await openProfit();
    const receipts = await screen.findByLabelText('收款汇兑损益');
    const gain = rowOf(receipts, 'SK-001');
    expect(cellTexts(gain).slice(2)).toEqual(['USD 15,000.00', '7.1', '108,234.50', '+1,734.50']);
    expect(within(gain).getByText('+1,734.50')).toHaveStyle({ color: GAIN_COLOR });
    const loss = rowOf(receipts, 'SK-002');
    expect(within(loss).getByText('-200.00')).toHaveStyle({ color: LOSS_COLOR });
    const open = rowOf(receipts, 'SK-003');
    expect(cellTexts(open).slice(4)).toEqual(['未结汇', '']);
    const sum = receipts.querySelector('.fx-total-row') as HTMLElement;
    expect(cellTexts(sum)).toEqual(['合计', '+1,534.50']);
    expect(within(sum).getByText('+1,534.50')).toHaveStyle({ color: GAIN_COLOR });
    expect(within(screen.getByLabelText('合同利润')).getByText('+1,534.50')).toBeInTheDocument();
  });

  it('says when the contract’s month has no book rate, shows no figures, and leads to 记账汇率', async () => {
    const unknown = { revenue: null, profit: null, margin: null, drawback: null, freight: null };
    server.on(
      'GET /api/order/5/profit',
      envelope(200, {
        ...profit,
        book_rate: null,
        cars: profit.cars.map((car) => ({ ...car, ...unknown, final: false, reasons: ['记账汇率未设置'] })),
        receipts: profit.receipts.map((item) => ({ ...item, book_rate: null, fx_gain: null })),
        totals: { ...profit.totals, ...unknown, fx_gain: null, final: false, reasons: ['记账汇率未设置'] },
      }),
    );
    const view = await openProfit();
    expect(await screen.findByText(/2026-11 的美元记账汇率未设置/)).toBeInTheDocument();
    const cars = screen.getByLabelText('车辆利润');
    expect(cellTexts(rowOf(cars, 'LSVAB1230RA200001')).slice(1, 7)).toEqual(['—', '1,100,000.00', '—', '—', '—', '—']);
    expect(within(cars).getAllByText('记账汇率未设置')).toHaveLength(2);
    await userEvent.click(screen.getByRole('link', { name: '去设置记账汇率' }));
    await waitFor(() => expect(view.location()).toBe('/setting/rates'));
  });

  it('详情’s receipts show each 汇兑损益 under the settlement and the sum in the card’s head', async () => {
    renderInApp(<OverseasDetailPage />, { path: '/overseas/info/:id', initialEntries: ['/overseas/info/5'] });
    const card = (await screen.findByText('收款记录（3）')).closest('.ant-card') as HTMLElement;
    const gainOf = (receiptNo: string) =>
      within(card).getByText(receiptNo).closest('tr')?.querySelector('.receipt-fx-gain') as HTMLElement;
    await waitFor(() => expect(gainOf('SK-001')).toHaveTextContent('+1,734.50'));
    expect(within(gainOf('SK-001')).getByText('+1,734.50')).toHaveStyle({ color: GAIN_COLOR });
    expect(within(gainOf('SK-002')).getByText('-200.00')).toHaveStyle({ color: LOSS_COLOR });
    expect(gainOf('SK-003')).toHaveTextContent('');
    expect(card.querySelector('.receipt-fx-total')).toHaveTextContent('汇兑损益合计 +1,534.50');
    expect(within(card).getByRole('columnheader', { name: /结汇金额\s*汇兑损益/ })).toBeInTheDocument();
  });

  it('刷新 asks for the profit again', async () => {
    await openProfit();
    await screen.findByLabelText('车辆利润');
    const asked = () => server.requests.filter((request) => request.path === '/api/order/5/profit').length;
    expect(asked()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: /刷\s*新/ }));
    await waitFor(() => expect(asked()).toBe(2));
  });
});
