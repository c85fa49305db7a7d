/** The vehicle file's figures (issue 26): the car's own row of its contract's profit. */
import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import type { OrderProfit } from '../../../../../contract/profit';
import { LOSS_COLOR } from '../../../components/profit-figures';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { vehicleFileAnswer } from '../../../testing/vehicle-file-answer';
import { VehicleFilePage } from './vehicle-file-page';

configure({ asyncUtilTimeout: 8000 });

const server = scriptedApiForEachTest();
const VIN = 'LSVAB1236RA200011';

const car = (car_id: number, vin: string, more: Partial<OrderProfit['cars'][number]>) => ({
  car_id,
  vin,
  revenue: '71000.00',
  costs: '60000.00',
  freight: '1500.25',
  drawback: '5200.00',
  profit: '14699.75',
  margin: '0.2070',
  final: true,
  reasons: [],
  ...more,
});

const profit = (cars: OrderProfit['cars']): OrderProfit => ({
  order_id: 5,
  currency: 'USD',
  book_rate: '7.1',
  month: '2026-11',
  cars,
  receipts: [],
  totals: {
    revenue: null,
    costs: null,
    freight: null,
    drawback: null,
    profit: null,
    margin: null,
    fx_gain: null,
    final: false,
    reasons: [],
  },
});

const card = () => screen.findByText('利润（CNY）').then((title) => title.closest('.ant-card') as HTMLElement);

describe('the vehicle file’s profit figures', () => {
  beforeEach(() => {
    server.on(
      'GET /api/vehicle/11/file',
      envelope(
        200,
        vehicleFileAnswer(
          { id: 11, vin: VIN },
          { order: { id: 5, order_no: 'HW-2026-005', customer_name: 'Almaty Motors', country: null } },
        ),
      ),
    );
  });

  it('shows this car’s row, not its neighbour’s: figures with separators, the margin in percent, 最终', async () => {
    server.on(
      'GET /api/order/5/profit',
      envelope(
        200,
        profit([car(10, 'LSVAB1236RA200010', { revenue: '1.00' }), car(11, VIN, { revenue: '1234567.80' })]),
      ),
    );
    renderInApp(<VehicleFilePage />, { path: '/vehicle/:id', initialEntries: ['/vehicle/11'] });
    const figures = await card();
    expect(await within(figures).findByText('1,234,567.80')).toBeInTheDocument();
    for (const text of ['60,000.00', '1,500.25', '5,200.00', '14,699.75', '20.70%', '最终'])
      expect(within(figures).getByText(text)).toBeInTheDocument();
    expect(within(figures).queryByText('1.00')).not.toBeInTheDocument();
  });

  it('a 预估 car says why; a loss is red', async () => {
    server.on(
      'GET /api/order/5/profit',
      envelope(
        200,
        profit([
          car(11, VIN, {
            profit: '-300.00',
            margin: '-0.0042',
            freight: null,
            final: false,
            reasons: ['退税未录入', '运费未录入'],
          }),
        ]),
      ),
    );
    renderInApp(<VehicleFilePage />, { path: '/vehicle/:id', initialEntries: ['/vehicle/11'] });
    const figures = await card();
    expect(await within(figures).findByText('-300.00')).toHaveStyle({ color: LOSS_COLOR });
    expect(within(figures).getByText('-0.42%')).toBeInTheDocument();
    expect(Array.from(figures.querySelectorAll('.ant-tag'), (tag) => tag.textContent)).toEqual([
      '预估',
      '运费未录入',
      '退税未录入',
    ]);
  });

  it('shows no figures for a car without an overseas contract, and asks for none', async () => {
    server.on('GET /api/vehicle/11/file', envelope(200, vehicleFileAnswer({ id: 11, vin: VIN })));
    renderInApp(<VehicleFilePage />, { path: '/vehicle/:id', initialEntries: ['/vehicle/11'] });
    await screen.findByText('业务进度');
    expect(screen.queryByText('利润（CNY）')).not.toBeInTheDocument();
    expect(server.requests.some((request) => request.path.endsWith('/profit'))).toBe(false);
  });
});
