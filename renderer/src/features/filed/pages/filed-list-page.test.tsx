import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FiledCard, FiledCar } from '../../../../../contract/filed';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { FiledListPage } from './filed-list-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const car = (id: number, values: Partial<FiledCar> = {}): FiledCar => ({
  id,
  vin: `LSVAB1230RA2000${String(id).padStart(2, '0')}`,
  model: '丰田 卡罗拉',
  drawback: 0,
  archive: 0,
  freight: 0,
  deadline: null,
  ...values,
});

const card = (id: number, overrides: Partial<FiledCard> = {}): FiledCard => ({
  id,
  order_no: `HW-2026-00${id}`,
  customer_name: `客户${id}`,
  customer: { name: `客户${id}` },
  status: 2,
  amount: 2,
  car_count: 2,
  finished: false,
  car: [car(id * 10 + 1), car(id * 10 + 2)],
  created_at: '2026-11-20T09:00:00.000+08:00',
  ...overrides,
});

/** One contract halfway (refunded, freight lacking its slip, not deregistered), one finished. */
const working = card(1, {
  car: [car(11, { drawback: 2, freight: 1 }), car(12, { drawback: 2, archive: 2, freight: 2 })],
});
const finished = card(2, {
  status: 6,
  amount: 3,
  finished: true,
  car: [car(21, { drawback: 2, archive: 2, freight: 2 }), car(22, { drawback: 2, archive: 2, freight: 2 })],
});

let cards: FiledCard[];

beforeEach(() => {
  cards = [working, finished];
  server.on('GET /api/car/archiveLists', (request) => {
    const orderNo = request.query.get('order_no') ?? '';
    const found = cards.filter((row) => row.order_no.includes(orderNo));
    return envelope(200, { data: found, meta: { total: found.length, page: 1, limit: 15 } });
  });
});

const listRequests = () => server.requests.filter((request) => request.path === '/api/car/archiveLists');
const rowOf = async (orderNo: string) => (await screen.findByText(orderNo)).closest('tr')!;
const carsOf = (orderNo: string) => screen.getByLabelText(`海外合同 ${orderNo} 的车辆`);
const renderList = () => renderInApp(<FiledListPage />, { path: '/filed/list', initialEntries: ['/filed/list'] });

describe('filed list (归档列表)', { timeout: 60_000 }, () => {
  it('shows a card per contract with its vehicles’ filing words, 15 a page, 下载 only when finished', async () => {
    renderList();
    const first = await rowOf(working.order_no);
    expect(listRequests()[0]?.query.get('limit')).toBe('15');
    expect(within(first).getByText('客户1')).toBeInTheDocument();
    expect(within(first).getByText('2 台')).toBeInTheDocument();
    expect(within(first).queryByText(/订购/)).not.toBeInTheDocument();
    expect(within(first).getByText('归档中')).toBeInTheDocument();
    for (const action of ['退税', '注销', '运费', '详情'])
      expect(within(first).getByLabelText(`海外合同 ${working.order_no} ${action}`)).toBeInTheDocument();
    // Every vehicle refunded and freighted (one lacking its slip: edited from 详情), one to deregister.
    expect(within(first).getByLabelText(`海外合同 ${working.order_no} 退税`)).toBeDisabled();
    expect(within(first).getByLabelText(`海外合同 ${working.order_no} 退税`)).toHaveAttribute(
      'title',
      '该合同的车辆都已退税',
    );
    expect(within(first).getByLabelText(`海外合同 ${working.order_no} 运费`)).toBeDisabled();
    expect(within(first).getByLabelText(`海外合同 ${working.order_no} 注销`)).toBeEnabled();
    expect(within(first).queryByLabelText(/下载/)).not.toBeInTheDocument();

    // Each vehicle: VIN, model and the three words, in the spec's order.
    const vehicles = carsOf(working.order_no);
    expect(within(vehicles).getByText(car(11).vin)).toBeInTheDocument();
    expect(within(vehicles).getByLabelText('退税已完成，运费资料不全，注销未完成')).toBeInTheDocument();
    expect(within(vehicles).getByLabelText('退税已完成，运费已完成，注销已完成')).toBeInTheDocument();
    expect(within(vehicles).getAllByText('丰田 卡罗拉')).toHaveLength(2);

    const second = await rowOf(finished.order_no);
    expect(within(second).getByText('已完成')).toBeInTheDocument();
    expect(within(second).getByText('订购 3 台')).toBeInTheDocument();
    expect(within(second).getByLabelText(`海外合同 ${finished.order_no} 下载`)).toBeInTheDocument();
  });

  it('tags a car under its VIN with its most urgent filing deadline (issue 25)', async () => {
    cards = [
      card(1, {
        car: [
          car(11, { drawback: 2, deadline: { key: 'archive', label: '注销', due_on: '2026-11-27', days_left: 0 } }),
          car(12),
        ],
      }),
    ];
    renderList();
    await rowOf('HW-2026-001');
    const vehicles = carsOf('HW-2026-001');
    const tagged = within(vehicles).getByText(car(11).vin).closest('tr')!;
    expect(within(tagged).getByText('今天到期')).toHaveAccessibleName('注销 今天到期');
    const other = within(vehicles).getByText(car(12).vin).closest('tr')!;
    expect(within(other).queryByText(/还剩|逾期|今天到期/)).not.toBeInTheDocument();
  });

  it('sends the five filters, the statuses as 0 and 2', async () => {
    renderList();
    await rowOf(working.order_no);
    const filters = screen.getByRole('search', { name: '归档筛选' });
    await userEvent.type(within(filters).getByLabelText('海外合同号'), 'HW-2026');
    await userEvent.type(within(filters).getByLabelText('车架号'), '200011');
    const pick = async (label: string, option: string) => {
      await userEvent.click(within(filters).getByLabelText(label));
      const options = await screen.findAllByTitle(option);
      await userEvent.click(options[options.length - 1]!);
    };
    await pick('退税状态', '已完成');
    await pick('注销状态', '未完成');
    await pick('运费状态', '已完成');
    await userEvent.click(within(filters).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(listRequests()).toHaveLength(2));
    const query = listRequests()[1]!.query;
    expect(
      Object.fromEntries(
        ['order_no', 'vin', 'drawback', 'archive', 'freight', 'page'].map((key) => [key, query.get(key)]),
      ),
    ).toEqual({
      order_no: 'HW-2026',
      vin: '200011',
      drawback: '2',
      archive: '0',
      freight: '2',
      page: '1',
    });
  });

  it.each([
    ['退税', '/filed/tax_add/1'],
    ['注销', '/filed/freeze_add/1'],
    ['运费', '/filed/freight_add/1'],
    ['详情', '/filed/detail/1'],
  ])('%s leads to %s', async (action, path) => {
    cards = [card(1)];
    const { location } = renderList();
    const first = await rowOf(working.order_no);
    await userEvent.click(within(first).getByLabelText(`海外合同 ${working.order_no} ${action}`));
    await waitFor(() => expect(location()).toBe(path));
  });

  it('says 暂无数据 when no contract is in filing', async () => {
    cards = [];
    renderList();
    await waitFor(() => expect(document.querySelector('.ant-empty-description')).toHaveTextContent(/^暂无数据$/));
  });
});
