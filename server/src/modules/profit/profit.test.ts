import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profitMessages, PROFIT_REASONS, PROFIT_REPORT_SHEET_NAME } from '../../../../contract/profit';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { exportSheet, rowsOf } from '../../../../tests/helpers/export-sheet';
import { loggedInStaff } from '../../../../tests/helpers/factories';
import { caller } from '../../../../tests/helpers/overseas';
import type { Db } from '../../db/database';

/*
 * Profit through the real HTTP pipeline on the test matrix's database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): rates, a contract's figures, the report and its export. The records are written
 * as rows (the forms that make them have their own tests); the figures are read over HTTP.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeEach(async () => {
  t = await buildTestApp();
  const staff = await loggedInStaff(t.app);
  call = caller(t.app, staff.token);
});
afterEach(async () => {
  await t.close();
});

const ok = async (method: 'GET' | 'PUT', url: string, body?: object) => {
  const response = await call(method, url, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const refusal = async (method: 'GET' | 'PUT', url: string, body?: object) => {
  const response = await call(method, url, body);
  return { status: response.statusCode, message: response.json().message as string };
};

let serial = 0;
const at = '2026-11-02T02:00:00.000Z';

interface OrderInput {
  currency?: 'USD' | 'CNY';
  /** Fen. */
  total: number;
  created_at?: string;
  customer_name?: string;
  country?: string | null;
  order_no?: string;
}

export const insertOrder = async (db: Db, input: OrderInput): Promise<number> => {
  serial += 1;
  const row = await db
    .insertInto('orders')
    .values({
      order_no: input.order_no ?? `HW-P-${serial}`,
      customer_id: null,
      customer_name: input.customer_name ?? 'Global Motors LLC',
      customer_address: null,
      customer_contact_way: null,
      customer_country: input.country === undefined ? 'Kazakhstan' : input.country,
      customer_type_id: null,
      agent_id: null,
      agent_name: null,
      amount: 10,
      currency: input.currency ?? 'USD',
      total: input.total,
      agreement_no: null,
      agreement: null,
      created_by: null,
      created_at: input.created_at ?? at,
      updated_at: input.created_at ?? at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

interface CarInput {
  order_price: number;
  order_invoice?: number;
  order_other?: number;
  price?: number | null;
  invoice?: number;
  other?: number;
}

const insertCar = async (db: Db, orderId: number, input: CarInput): Promise<number> => {
  serial += 1;
  const row = await db
    .insertInto('vehicles')
    .values({
      vin: `LPRF${String(serial).padStart(13, '0')}`,
      order_id: orderId,
      order_price: input.order_price,
      order_invoice: input.order_invoice ?? 0,
      order_other: input.order_other ?? 0,
      price: input.price === undefined ? 100_000 : input.price,
      invoice: input.invoice ?? 0,
      other: input.other ?? 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

const insertReceipt = async (
  db: Db,
  orderId: number,
  amount: number,
  currency: 'USD' | 'CNY',
  settlement: number | null,
): Promise<number> => {
  serial += 1;
  const row = await db
    .insertInto('receipts')
    .values({
      order_id: orderId,
      amount,
      currency,
      receipt_no: `R-${serial}`,
      receipted_at: '2026-11-03',
      remitter: null,
      settlement,
      actual_total: null,
      registered_address: null,
      proof: null,
      receipt: null,
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

const insertFreight = async (db: Db, orderId: number, money: number | null, vehicleIds: number[]) => {
  const row = await db
    .insertInto('freights')
    .values({
      order_id: orderId,
      yffp_image: null,
      yffkd_image: null,
      freight_money: money,
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('freight_vehicles')
    .values(vehicleIds.map((vehicle_id) => ({ freight_id: row.id, vehicle_id })))
    .execute();
  return row.id;
};

const insertDrawback = async (db: Db, orderId: number, money: number | null, vehicleIds: number[]) => {
  const row = await db
    .insertInto('tax_refunds')
    .values({ order_id: orderId, drawback_money: money, created_by: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('tax_refund_vehicles')
    .values(vehicleIds.map((vehicle_id) => ({ tax_refund_id: row.id, vehicle_id })))
    .execute();
  return row.id;
};

describe('book rates (记账汇率)', () => {
  it('keeps a month’s USD rate exactly, lists it, and writes its history', async () => {
    const saved = await ok('PUT', '/api/rates/2026-11', { currency: 'USD', rate: '7.100000' });
    expect(saved).toMatchObject({ month: '2026-11', currency: 'USD', rate: '7.1' });
    await ok('PUT', '/api/rates/2026-10', { rate: 7.123456 });
    await ok('PUT', '/api/rates/2026-11', { currency: 'USD', rate: '7.2' });
    const rates = await ok('GET', '/api/rates');
    expect(rates.map((rate: { month: string; rate: string }) => [rate.month, rate.rate])).toEqual([
      ['2026-11', '7.2'],
      ['2026-10', '7.123456'],
    ]);
    const history = await ok('GET', '/api/history?entity=rate&id=2026-11:USD');
    expect(history.data.map((event: { action: string }) => event.action)).toEqual(['update', 'create']);
    expect(history.data[0].changes).toEqual([
      expect.objectContaining({ field: 'rate', label: '记账汇率', before: '7.1', after: '7.2' }),
    ]);
  });

  it('refuses a wrong month, currency or rate in Chinese, nothing rounded', async () => {
    const put = (month: string, body: object) => refusal('PUT', `/api/rates/${month}`, body);
    // A path that names no month names no rate (the server answers a bad path parameter 404, as for ids).
    expect((await put('2026-13', { rate: '7' })).status).toBe(404);
    expect((await put('202611', { rate: '7' })).status).toBe(404);
    expect(await put('2026-11', { currency: 'EUR', rate: '7' })).toEqual({
      status: 422,
      message: profitMessages.currencyFormat,
    });
    expect(await put('2026-11', {})).toEqual({ status: 422, message: profitMessages.rateRequired });
    expect(await put('2026-11', { rate: '' })).toEqual({ status: 422, message: profitMessages.rateRequired });
    expect(await put('2026-11', { rate: '0' })).toEqual({ status: 422, message: profitMessages.ratePositive });
    expect(await put('2026-11', { rate: '0.000000' })).toEqual({ status: 422, message: profitMessages.ratePositive });
    expect(await put('2026-11', { rate: '-1' })).toEqual({ status: 422, message: profitMessages.ratePositive });
    expect(await put('2026-11', { rate: -7 })).toEqual({ status: 422, message: profitMessages.ratePositive });
    expect(await put('2026-11', { rate: '7.1234567' })).toEqual({ status: 422, message: profitMessages.rateDecimals });
    expect(await put('2026-11', { rate: '10000' })).toEqual({ status: 422, message: profitMessages.rateTooLarge });
    expect(await put('2026-11', { rate: '七' })).toEqual({ status: 422, message: profitMessages.rateFormat });
    expect(await put('2026-11', { rate: '1e3' })).toEqual({ status: 422, message: profitMessages.rateFormat });
    expect(await ok('GET', '/api/rates')).toEqual([]);
    // The smallest and largest rates are kept as typed.
    expect((await ok('PUT', '/api/rates/2026-11', { rate: '0.000001' })).rate).toBe('0.000001');
    expect((await ok('PUT', '/api/rates/2026-11', { rate: '9999.999999' })).rate).toBe('9999.999999');
  });
});

describe("a contract's profit (GET /api/order/{id}/profit)", () => {
  it('estimates an unsettled USD contract at the book rate of its creation month (server time zone) and says why', async () => {
    // Created 2026-10-31 17:00 UTC = 2026-11-01 01:00 in Asia/Shanghai: November's rate, not October's.
    await ok('PUT', '/api/rates/2026-10', { rate: '6.5' });
    await ok('PUT', '/api/rates/2026-11', { rate: '7.123456' });
    const orderId = await insertOrder(t.db, { total: 100_000, created_at: '2026-10-31T17:00:00.000Z' });
    const a = await insertCar(t.db, orderId, { order_price: 50_000, price: null });
    const b = await insertCar(t.db, orderId, { order_price: 50_000, price: 100_000 });
    const settled = await insertReceipt(t.db, orderId, 30_000, 'USD', 213_000);
    const open = await insertReceipt(t.db, orderId, 20_000, 'USD', null);
    const profit = await ok('GET', `/api/order/${orderId}/profit`);
    expect(profit).toMatchObject({ order_id: orderId, currency: 'USD', book_rate: '7.123456', month: '2026-11' });
    // 2,130.00 + 1,424.69 (200 × 7.123456) + 3,561.73 (shortfall 500 × 7.123456) = 7,116.42 → 3,558.21 each.
    expect(profit.cars).toEqual([
      {
        car_id: a,
        vin: expect.any(String),
        revenue: '3558.21',
        costs: '0.00',
        freight: null,
        drawback: null,
        profit: '3558.21',
        margin: '1.0000',
        final: false,
        reasons: [
          PROFIT_REASONS.notSettled,
          PROFIT_REASONS.noFreight,
          PROFIT_REASONS.noDrawback,
          PROFIT_REASONS.noPurchasePrice,
        ],
      },
      {
        car_id: b,
        vin: expect.any(String),
        revenue: '3558.21',
        costs: '1000.00',
        freight: null,
        drawback: null,
        profit: '2558.21',
        margin: '0.7190',
        final: false,
        reasons: [PROFIT_REASONS.notSettled, PROFIT_REASONS.noFreight, PROFIT_REASONS.noDrawback],
      },
    ]);
    // fx: 2,130.00 − 2,137.04 (300 × 7.123456 = 2,137.0368) = −7.04; none until settled.
    expect(profit.receipts).toEqual([
      {
        id: settled,
        amount: '300.00',
        currency: 'USD',
        book_rate: '7.123456',
        settlement: '2130.00',
        fx_gain: '-7.04',
      },
      { id: open, amount: '200.00', currency: 'USD', book_rate: '7.123456', settlement: null, fx_gain: null },
    ]);
    expect(profit.totals).toEqual({
      revenue: '7116.42',
      costs: '1000.00',
      freight: null,
      drawback: null,
      profit: '6116.42',
      margin: '0.8595',
      fx_gain: '-7.04',
      final: false,
      reasons: [
        PROFIT_REASONS.notSettled,
        PROFIT_REASONS.noFreight,
        PROFIT_REASONS.noDrawback,
        PROFIT_REASONS.noPurchasePrice,
      ],
    });
  });

  it('is final once every receipt is settled, the total reached and freight, refund and prices recorded', async () => {
    await ok('PUT', '/api/rates/2026-11', { rate: '7' });
    const orderId = await insertOrder(t.db, { total: 100_000 });
    const a = await insertCar(t.db, orderId, { order_price: 60_000, price: 300_000, invoice: 1_000, other: 500 });
    const b = await insertCar(t.db, orderId, { order_price: 40_000, price: 200_000 });
    await insertReceipt(t.db, orderId, 100_000, 'USD', 710_000);
    await insertFreight(t.db, orderId, 10_001, [a, b]);
    await insertDrawback(t.db, orderId, 30_000, [a, b]);
    const profit = await ok('GET', `/api/order/${orderId}/profit`);
    expect(
      profit.cars.map((car: Record<string, unknown>) => [car.revenue, car.freight, car.drawback, car.profit]),
    ).toEqual([
      ['4260.00', '50.01', '180.00', '1374.99'],
      ['2840.00', '50.00', '120.00', '910.00'],
    ]);
    expect(profit.cars.every((car: { final: boolean }) => car.final)).toBe(true);
    expect(profit.totals).toMatchObject({
      revenue: '7100.00',
      profit: '2284.99',
      fx_gain: '100.00',
      final: true,
      reasons: [],
    });
  });

  it('a USD contract of a month without a rate has no figures; a CNY contract uses 1', async () => {
    const usdOrder = await insertOrder(t.db, { total: 10_000 });
    await insertCar(t.db, usdOrder, { order_price: 10_000 });
    await insertReceipt(t.db, usdOrder, 10_000, 'USD', 70_000);
    const usd = await ok('GET', `/api/order/${usdOrder}/profit`);
    expect(usd.book_rate).toBeNull();
    expect(usd.cars[0]).toMatchObject({ revenue: null, profit: null, margin: null, costs: '1000.00', final: false });
    expect(usd.cars[0].reasons[0]).toBe('记账汇率未设置');
    expect(usd.receipts[0]).toMatchObject({ book_rate: null, settlement: '700.00', fx_gain: null });
    expect(usd.totals).toMatchObject({ revenue: null, profit: null, fx_gain: null, final: false });

    const cnyOrder = await insertOrder(t.db, { total: 300_000, currency: 'CNY' });
    const cars = [
      await insertCar(t.db, cnyOrder, { order_price: 100_000, price: 80_000 }),
      await insertCar(t.db, cnyOrder, { order_price: 100_000, price: 80_000 }),
      await insertCar(t.db, cnyOrder, { order_price: 100_000, price: 80_000 }),
    ];
    await insertReceipt(t.db, cnyOrder, 300_000, 'CNY', null);
    await insertFreight(t.db, cnyOrder, 0, cars);
    await insertDrawback(t.db, cnyOrder, 100, cars);
    const cny = await ok('GET', `/api/order/${cnyOrder}/profit`);
    expect(cny.book_rate).toBe('1');
    expect(cny.cars.map((car: Record<string, unknown>) => [car.revenue, car.freight, car.drawback, car.final])).toEqual(
      [
        ['1000.00', '0.00', '0.34', true],
        ['1000.00', '0.00', '0.33', true],
        ['1000.00', '0.00', '0.33', true],
      ],
    );
    expect(cny.receipts[0]).toMatchObject({ settlement: '3000.00', fx_gain: '0.00', book_rate: '1' });
    expect(cny.totals).toMatchObject({ revenue: '3000.00', drawback: '1.00', freight: '0.00', final: true });

    expect((await refusal('GET', '/api/order/999999/profit')).status).toBe(404);
  });
});

describe('the profit report (利润报表)', () => {
  const arrange = async () => {
    await ok('PUT', '/api/rates/2026-10', { rate: '7' });
    await ok('PUT', '/api/rates/2026-11', { rate: '7.2' });
    // A: October, Kazakhstan, final. B: November, Russia, estimated. C: November CNY. D: outside the period.
    const a = await insertOrder(t.db, {
      total: 100_000,
      created_at: '2026-10-10T02:00:00.000Z',
      customer_name: 'Alpha Trading',
      order_no: 'HW-A',
    });
    const carA = await insertCar(t.db, a, { order_price: 100_000, price: 500_000 });
    await insertReceipt(t.db, a, 100_000, 'USD', 720_000);
    await insertFreight(t.db, a, 20_000, [carA]);
    await insertDrawback(t.db, a, 10_000, [carA]);
    const b = await insertOrder(t.db, {
      total: 50_000,
      created_at: '2026-11-05T02:00:00.000Z',
      customer_name: 'Beta Motors',
      country: 'Russia',
      order_no: 'HW-B',
    });
    await insertCar(t.db, b, { order_price: 50_000, price: 400_000 });
    const c = await insertOrder(t.db, {
      total: 200_000,
      currency: 'CNY',
      created_at: '2026-11-20T02:00:00.000Z',
      customer_name: 'Alpha Trading',
      order_no: 'HW-C',
    });
    await insertCar(t.db, c, { order_price: 200_000, price: 150_000 });
    await insertReceipt(t.db, c, 200_000, 'CNY', null);
    await insertOrder(t.db, { total: 1, created_at: '2026-12-05T02:00:00.000Z', order_no: 'HW-D' });
    return { a, b, c };
  };
  const report = (query: string) => ok('GET', `/api/report/profit?start_time=2026-10-01&end_time=2026-11-30&${query}`);

  it('rows per contract of the period with totals, profit by month, sorted by any field, filtered and paged', async () => {
    const { a, b, c } = await arrange();
    const all = await report('');
    // Newest first by default.
    expect(all.data.map((row: { id: number }) => row.id)).toEqual([c, b, a]);
    expect(all.data[2]).toEqual({
      id: a,
      order_no: 'HW-A',
      customer_name: 'Alpha Trading',
      country: 'Kazakhstan',
      currency: 'USD',
      created_at: expect.stringMatching(/^2026-10-10T10:00:00\.000\+08:00$/),
      cars: 1,
      // 7,200.00 + 100.00 − 5,000.00 − 200.00 = 2,100.00; margin 2100/7200 = 0.29166… → 0.2917.
      revenue: '7200.00',
      costs: '5000.00',
      freight: '200.00',
      drawback: '100.00',
      profit: '2100.00',
      margin: '0.2917',
      fx_gain: '200.00',
      final: true,
    });
    // B: nothing received: 500 × 7.2 = 3,600.00 estimated; no refund, no freight.
    expect(all.data[1]).toMatchObject({
      revenue: '3600.00',
      profit: '-400.00',
      margin: '-0.1111',
      fx_gain: null,
      final: false,
    });
    expect(all.data[0]).toMatchObject({ revenue: '2000.00', profit: '500.00', fx_gain: '0.00', final: false });
    expect(all.totals).toEqual({
      contracts: 3,
      cars: 3,
      revenue: '12800.00',
      costs: '10500.00',
      freight: '200.00',
      drawback: '100.00',
      profit: '2200.00',
      margin: '0.1719',
      fx_gain: '200.00',
      final: false,
    });
    expect(all.by_month).toEqual([
      { month: '2026-10', profit: '2100.00' },
      { month: '2026-11', profit: '100.00' },
    ]);
    expect(all.meta).toEqual({ total: 3, page: 1, limit: 15 });

    const ids = async (query: string) => (await report(query)).data.map((row: { id: number }) => row.id);
    expect(await ids('sort=profit&order=asc')).toEqual([b, c, a]);
    expect(await ids('sort=profit&order=desc')).toEqual([a, c, b]);
    expect(await ids('sort=margin&order=desc')).toEqual([a, c, b]);
    expect(await ids('sort=order_no&order=asc')).toEqual([a, b, c]);
    // An unknown figure sorts last either way.
    expect(await ids('sort=fx_gain&order=asc')).toEqual([c, a, b]);
    expect(await ids('sort=fx_gain&order=desc')).toEqual([a, c, b]);
    expect(await ids('name=alpha')).toEqual([c, a]);
    expect(await ids('country=russ')).toEqual([b]);
    const filtered = await report('name=alpha');
    expect(filtered.totals).toMatchObject({ contracts: 2, profit: '2600.00' });
    const page2 = await report('limit=2&page=2&sort=order_no&order=asc');
    expect(page2.data.map((row: { id: number }) => row.id)).toEqual([c]);
    expect(page2.meta).toEqual({ total: 3, page: 2, limit: 2 });
    // Totals are over every matching row, not the page.
    expect(page2.totals.contracts).toBe(3);
  });

  it('follows every change: a new receipt, a settlement, a rate, a freight amount', async () => {
    const { b } = await arrange();
    const row = async () => (await report('')).data.find((r: { id: number }) => r.id === b);
    expect(await row()).toMatchObject({ revenue: '3600.00' });
    const receipt = await insertReceipt(t.db, b, 50_000, 'USD', null);
    expect(await row()).toMatchObject({ revenue: '3600.00', fx_gain: null });
    await t.db.updateTable('receipts').set({ settlement: 350_000 }).where('id', '=', receipt).execute();
    expect(await row()).toMatchObject({ revenue: '3500.00', fx_gain: '-100.00' });
    await ok('PUT', '/api/rates/2026-11', { rate: '6.9' });
    expect(await row()).toMatchObject({ revenue: '3500.00', fx_gain: '50.00' });
    const [car] = await t.db.selectFrom('vehicles').select('id').where('order_id', '=', b).execute();
    await insertFreight(t.db, b, 12_345, [car!.id]);
    expect(await row()).toMatchObject({ freight: '123.45', profit: '-623.45' });
  });

  it('refuses a missing or reversed period and an unknown sort field', async () => {
    expect(await refusal('GET', '/api/report/profit')).toEqual({ status: 422, message: profitMessages.periodRequired });
    expect(await refusal('GET', '/api/report/profit?start_time=2026-11-02&end_time=2026-11-01')).toEqual({
      status: 422,
      message: profitMessages.periodOrder,
    });
    expect(await refusal('GET', '/api/report/profit?start_time=2026-11-01&end_time=2026-11-02&sort=password')).toEqual({
      status: 422,
      message: profitMessages.sortFormat,
    });
  });

  it('exports the rows in the report’s order with the period, the generation time and the totals', async () => {
    await arrange();
    const sheet = await exportSheet(
      t,
      call,
      '/api/report/profit/export?start_time=2026-10-01&end_time=2026-11-30&sort=profit&order=desc',
      PROFIT_REPORT_SHEET_NAME,
    );
    const rows = rowsOf(sheet);
    expect(rows[0]?.['海外合同号']).toBe('统计期间：2026-10-01 至 2026-11-30');
    expect(String(rows[1]?.['海外合同号'])).toMatch(/^生成时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows.slice(2).map((row) => row['海外合同号'])).toEqual(['HW-A', 'HW-C', 'HW-B', '合计']);
    expect(rows[2]).toMatchObject({ 客户: 'Alpha Trading', 收入: 7200, 利润: 2100, 利润率: '29.17%', 状态: '最终' });
    expect(rows[4]).toMatchObject({ 利润: -400, 状态: '预估' });
    expect(rows[5]).toMatchObject({ 收入: 12800, 利润: 2200, 车辆数: 3 });
  });
});
