/**
 * The amounts profit reads (issue 26): 运费金额 on the freight form and 退税金额 on the tax refund form,
 * each optional (blank = not recorded, 0 is an amount), checked with the contract's words; the tax
 * refund's edit page (/filed/tax_edit/:order_id/:id), reached from a record's 编辑.
 */
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FiledDrawbackRecord, FiledFreightRecord } from '../../../../../contract/filed';
import type { Order } from '../../../../../contract/overseas';
import { RecordTabs } from '../../../components/record-tabs';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { FreightFormPage, MONEY_NOTE, TaxRefundPage } from './filing-form-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const vin = (id: number) => `LSVAB1230RA2000${String(id).padStart(2, '0')}`;
const waiting = [11, 12].map((id) => ({ id, vin: vin(id), model: '丰田 卡罗拉' }));

const order = {
  id: 5,
  order_no: 'HW-2026-005',
  customer_id: 3,
  customer_name: 'Almaty Motors',
  customer: { id: 3, name: 'Almaty Motors' },
  amount: 3,
  currency: 'USD',
  total: 30000,
  receipt_total: 0,
  status: 2,
  cars: [11, 12, 21].map((id) => ({
    id,
    vin: vin(id),
    model: '丰田 卡罗拉',
    order_price: 10000,
    invoice: 0,
    other: 0,
  })),
  receipts: [],
  drawback: [],
  archive: [],
  freight: [],
} as unknown as Order;

const freightRecord = (overrides: Partial<FiledFreightRecord> = {}): FiledFreightRecord => ({
  id: 8,
  freight_id: 8,
  order_id: 5,
  order_no: 'HW-2026-005',
  customer_name: 'Almaty Motors',
  freightcar: [{ car_id: 21, vin: vin(21), model: '本田 雅阁' }],
  freight_money: 1800.5,
  yffp_image: null,
  yffkd_image: null,
  car_image: [],
  carimage: [],
  created_at: '2026-11-22T09:00:00.000+08:00',
  updated_at: '2026-11-22T09:30:00.000+08:00',
  ...overrides,
});

const drawbackRecord = (overrides: Partial<FiledDrawbackRecord> = {}): FiledDrawbackRecord => ({
  id: 6,
  drawback_id: 6,
  order_id: 5,
  order_no: 'HW-2026-005',
  customer_name: 'Almaty Motors',
  drawbackcar: [{ car_id: 21, vin: vin(21), model: '本田 雅阁' }],
  drawback_money: null,
  created_at: '2026-11-22T09:00:00.000+08:00',
  updated_at: '2026-11-22T09:45:00.000+08:00',
  ...overrides,
});

beforeEach(() => {
  server.on('GET /api/order/5', envelope(200, order));
  server.on('GET /api/car/carLists', envelope(200, waiting));
});

const button = (text: RegExp | string) => screen.getByText(text).closest('button') as HTMLElement;
const save = () => userEvent.click(button(/^保\s*存$/));
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
const writes = () => server.requests.filter((request) => request.method === 'POST');
const chosenVins = () =>
  Array.from(
    document.querySelectorAll('.ant-transfer-section')[1]?.querySelectorAll('.vehicle-transfer-vin') ?? [],
    (node) => node.textContent,
  );
const amountBox = (label: string) => screen.getByLabelText(`${label}（CNY）`);

const renderPage = (element: ReactElement, path: string, entry: string) =>
  renderInApp(element, { path, initialEntries: ['/filed/list', entry] });

describe('运费金额 on the freight form', { timeout: 60_000 }, () => {
  it('refuses a negative amount with the contract’s words, then sends the amount typed with separators', async () => {
    server.on('POST /api/car/freightAdd', envelope(200, { id: 4 }, '新建成功'));
    renderPage(<FreightFormPage />, '/filed/freight_add/:order_id', '/filed/freight_add/5');
    await waitFor(() => expect(chosenVins()).toEqual([vin(11), vin(12)]));
    expect(screen.getByText(MONEY_NOTE)).toBeInTheDocument();

    await userEvent.type(amountBox('运费金额'), '-100');
    await save();
    await waitFor(() => expect(errors()).toEqual(['运费金额不能为负数']));
    expect(writes()).toHaveLength(0);

    await userEvent.clear(amountBox('运费金额'));
    await userEvent.type(amountBox('运费金额'), '12,345.6');
    await save();
    await screen.findByText('新建成功');
    expect(writes()[0]).toMatchObject({
      path: '/api/car/freightAdd',
      body: { order_id: 5, vin: [vin(11), vin(12)], freight_money: 12345.6 },
    });
  });

  it('sends no amount when the box is left blank (not recorded yet), and 0 when 0 is typed', async () => {
    server.on('POST /api/car/freightAdd', envelope(200, { id: 4 }, '新建成功'));
    const first = renderPage(<FreightFormPage />, '/filed/freight_add/:order_id', '/filed/freight_add/5');
    await waitFor(() => expect(chosenVins()).toEqual([vin(11), vin(12)]));
    await save();
    await screen.findByText('新建成功');
    expect(writes()[0]?.body).not.toHaveProperty('freight_money');
    first.unmount();

    await server.forget();
    server.on('POST /api/car/freightAdd', envelope(200, { id: 5 }, '新建成功'));
    renderPage(<FreightFormPage />, '/filed/freight_add/:order_id', '/filed/freight_add/5');
    await waitFor(() => expect(chosenVins()).toEqual([vin(11), vin(12)]));
    await userEvent.type(amountBox('运费金额'), '0');
    await save();
    await screen.findByText('新建成功');
    expect(writes()[0]?.body).toMatchObject({ freight_money: 0 });
  });

  it('an edit shows the recorded amount; clearing it sends none (the amount is taken back)', async () => {
    server.on('GET /api/car/freightSingle', envelope(200, freightRecord()));
    server.on('POST /api/car/freightEdit', envelope(200, { id: 8 }, '编辑成功'));
    renderPage(<FreightFormPage />, '/filed/freight_edit/:order_id/:id', '/filed/freight_edit/5/8');
    await waitFor(() => expect(amountBox('运费金额')).toHaveValue('1,800.50'));
    await userEvent.clear(amountBox('运费金额'));
    await save();
    await screen.findByText('编辑成功');
    expect(writes()[0]).toMatchObject({ path: '/api/car/freightEdit', body: { freight_id: 8, vin: [vin(21)] } });
    expect(writes()[0]?.body).not.toHaveProperty('freight_money');
  });
});

describe('退税金额 and the tax refund’s edit page', { timeout: 60_000 }, () => {
  it('adds a refund with its amount; three decimals are refused before anything is sent', async () => {
    server.on('POST /api/car/drawbackAdd', envelope(200, { id: 6 }, '新建成功'));
    renderPage(<TaxRefundPage />, '/filed/tax_add/:order_id', '/filed/tax_add/5');
    await waitFor(() => expect(chosenVins()).toEqual([vin(11), vin(12)]));
    await userEvent.type(amountBox('退税金额'), '3.456');
    await save();
    await waitFor(() => expect(errors()).toEqual(['退税金额最多两位小数']));
    expect(writes()).toHaveLength(0);
    await userEvent.clear(amountBox('退税金额'));
    await userEvent.type(amountBox('退税金额'), '2600');
    await save();
    await screen.findByText('新建成功');
    expect(writes()[0]).toMatchObject({
      path: '/api/car/drawbackAdd',
      body: { order_id: 5, vin: [vin(11), vin(12)], drawback_money: 2600 },
    });
  });

  it('/filed/tax_edit reads the record, adds the amount later and saves with the updated_at it read', async () => {
    server.on('GET /api/car/drawbackSingle', envelope(200, drawbackRecord()));
    server.on('POST /api/car/drawbackEdit', envelope(200, { id: 6 }, '编辑成功'));
    const { location } = renderPage(<TaxRefundPage />, '/filed/tax_edit/:order_id/:id', '/filed/tax_edit/5/6');
    await waitFor(() => expect(chosenVins()).toEqual([vin(21)]));
    expect(screen.getByText('编辑退税')).toBeInTheDocument();
    expect(server.requests.find((request) => request.path === '/api/car/drawbackSingle')?.query.get('drawbackId')).toBe(
      '6',
    );
    expect(amountBox('退税金额')).toHaveValue('');
    // An edit offers no 继续录入注销: that belongs to adding a contract's records one after the other.
    expect(screen.queryByText(/继续录入/)).not.toBeInTheDocument();

    await userEvent.type(amountBox('退税金额'), '1234.56');
    await save();
    await screen.findByText('编辑成功');
    expect(writes()[0]).toMatchObject({
      path: '/api/car/drawbackEdit',
      body: {
        drawback_id: 6,
        order_id: 5,
        vin: [vin(21)],
        drawback_money: 1234.56,
        updated_at: '2026-11-22T09:45:00.000+08:00',
      },
    });
    await waitFor(() => expect(location()).toBe('/filed/list'), { timeout: 3000 });
  });

  it('says a refund that does not exist is missing', async () => {
    server.on('GET /api/car/drawbackSingle', envelope(404, null, '退税记录不存在'));
    renderPage(<TaxRefundPage />, '/filed/tax_edit/:order_id/:id', '/filed/tax_edit/5/99');
    expect(await screen.findByText('该退税记录不存在或已被删除')).toBeInTheDocument();
  });

  it('the record view shows each amount (未录入 when blank) and a refund’s 编辑 leads to its edit page', async () => {
    const { location } = renderInApp(
      <RecordTabs
        drawback={[
          {
            id: 6,
            order_id: 5,
            created_at: '2026-11-22T09:00:00.000+08:00',
            drawbackcar: [{ car_id: 21, vin: vin(21) }],
            drawback_money: null,
          },
        ]}
        freight={[
          {
            id: 8,
            order_id: 5,
            created_at: '2026-11-22T09:00:00.000+08:00',
            freightcar: [{ car_id: 21, vin: vin(21) }],
            yffp_image: null,
            yffkd_image: null,
            carimage: [],
            freight_money: 12345.6,
          },
        ]}
      />,
      { path: '/overseas/info/:id', initialEntries: ['/overseas/info/5'] },
    );
    const refund = screen.getByRole('article', { name: '退税记录 1' });
    expect(refund).toHaveTextContent('退税金额未录入');
    await userEvent.click(screen.getByRole('tab', { name: '运费记录' }));
    expect(screen.getByRole('article', { name: '运费记录 1' })).toHaveTextContent('运费金额CNY 12,345.60');
    await userEvent.click(screen.getByRole('tab', { name: '退税记录' }));
    await userEvent.click(screen.getByLabelText('编辑退税记录 1'));
    await waitFor(() => expect(location()).toBe('/filed/tax_edit/5/6'));
  });
});
