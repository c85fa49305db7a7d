import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_SHEET_NAME, reportMessages } from '../../../../contract/filed-period-report';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { exportSheet, rowsOf } from '../../../../tests/helpers/export-sheet';
import { vin } from '../../../../tests/helpers/overseas';
import {
  seedOrder,
  seedPurchase,
  seedReceipt,
  seedRemit,
  seedVehicle,
} from '../../../../tests/helpers/filed-query-list';

/*
 * The period March 2026 in Asia/Shanghai: 2026-03-01T00:00+08:00 is 2026-02-28T16:00Z, and the end
 * day's last second 2026-03-31T23:59:59+08:00 is 2026-03-31T15:59:59Z. Every figure below is worked
 * out by hand from these rows.
 */
const MARCH = 'start_time=2026-03-01&end_time=2026-03-31';
const done = { drawback: 2, archive: 2, freight: 2 } as const;

describe('the period report and the trade income and expense workbook', () => {
  const app = contractAppForEachTest();
  const { t, call } = app;

  beforeEach(async () => {
    const db = t.db;
    // In the period: its first instant, its last second, and a day inside.
    const o1 = await seedOrder(db, {
      order_no: 'HW-R-1',
      currency: 'USD',
      totalFen: 1_000_000,
      created_at: '2026-02-28T16:00:00.000Z',
    });
    const o2 = await seedOrder(db, {
      order_no: 'HW-R-2',
      currency: 'CNY',
      totalFen: 5_000_050,
      created_at: '2026-03-31T15:59:59.000Z',
    });
    await seedOrder(db, {
      order_no: 'HW-R-3',
      currency: 'USD',
      totalFen: 250_025,
      created_at: '2026-03-15T04:00:00.000Z',
      customer_name: '=HYPERLINK("http://x")',
    });
    // Outside: midnight of the day after, and the last millisecond of the day before.
    const o4 = await seedOrder(db, {
      order_no: 'HW-R-4',
      currency: 'USD',
      totalFen: 9_900,
      created_at: '2026-03-31T16:00:00.000Z',
    });
    const o5 = await seedOrder(db, {
      order_no: 'HW-R-5',
      currency: 'CNY',
      totalFen: 7_700,
      created_at: '2026-02-28T15:59:59.999Z',
    });

    // P1 holds o1's three vehicles and one of o4's: o1 carries 3/4 of its remittances.
    const p1 = await seedPurchase(db, { purchase_no: 'CG-R-1', order_id: o1 });
    // P2 holds o2's two vehicles and one without an overseas contract: o2 carries 2/3.
    const p2 = await seedPurchase(db, { purchase_no: 'CG-R-2', order_id: o2 });
    const car = (n: number, values: Omit<Parameters<typeof seedVehicle>[1], 'vin'>) =>
      seedVehicle(db, { ...values, vin: vin(n) });
    await car(1, {
      order_id: o1,
      purchase_id: p1,
      price: 1_000_000,
      invoice: 50_000,
      other: 10_000,
      order_price: 9_999_900,
      ...done,
    });
    await car(2, {
      order_id: o1,
      purchase_id: p1,
      price: 2_000_000,
      invoice: 0,
      other: 0,
      drawback: 2,
      archive: 2,
      freight: 1,
    });
    await car(3, { order_id: o1, purchase_id: p1, price: 300_010 });
    await car(4, { order_id: o2, purchase_id: p2, price: 10_000_000, invoice: 100_055, other: 0, ...done });
    await car(5, { order_id: o2, purchase_id: p2, price: 500_000, drawback: 2 });
    await car(6, { order_id: o4, purchase_id: p1, price: 123_400, ...done });
    await car(7, { order_id: o5, price: 1, ...done });
    await car(8, { purchase_id: p2, price: 999 });

    await seedReceipt(db, o1, { amountFen: 300_000, currency: 'USD', settlementFen: 2_100_000 });
    await seedReceipt(db, o1, { amountFen: 100_050, currency: 'USD', settlementFen: 700_350 });
    await seedReceipt(db, o2, { amountFen: 5_000_050, currency: 'CNY' });
    await seedReceipt(db, o4, { amountFen: 9_900, currency: 'USD', settlementFen: 70_000 });
    await seedRemit(db, p1, 400_000);
    await seedRemit(db, p1, 200_000);
    await seedRemit(db, p2, 90_000);
  });

  const read = async (query: string) => {
    const response = await call('GET', `/api/order/report?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('counts the contracts created in the period, end day included, at midnight in Asia/Shanghai', async () => {
    expect(await read(MARCH)).toEqual({
      orderNum: 3,
      orderUsd: 12_500.25,
      orderCny: 50_000.5,
      carNum: 5,
      carDrawback: 4,
      carArchive: 3,
      carFreight: 2,
      carComplete: 2,
    });
    // One day: only the contract of its last second.
    expect(await read('start_time=2026-03-31&end_time=2026-03-31')).toMatchObject({
      orderNum: 1,
      orderUsd: 0,
      orderCny: 50_000.5,
      carNum: 2,
      carComplete: 1,
    });
    // The day after holds the contract of its midnight; the day before its last millisecond.
    expect(await read('start_time=2026-04-01&end_time=2026-04-01')).toMatchObject({
      orderNum: 1,
      orderUsd: 99,
      carNum: 1,
    });
    expect(await read('start_time=2026-02-28&end_time=2026-02-28')).toMatchObject({ orderNum: 1, orderCny: 77 });
    expect(await read('start_time=2025-01-01&end_time=2025-12-31')).toEqual({
      orderNum: 0,
      orderUsd: 0,
      orderCny: 0,
      carNum: 0,
      carDrawback: 0,
      carArchive: 0,
      carFreight: 0,
      carComplete: 0,
    });
  });

  it('refuses a period that is missing or backwards', async () => {
    for (const query of ['', 'start_time=2026-03-01', 'end_time=2026-03-31', 'start_time=&end_time=']) {
      for (const path of ['/api/order/report', '/api/order/report/export']) {
        const response = await call('GET', `${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(422);
        expect(response.json().message).toBe(reportMessages.periodRequired);
      }
    }
    const backwards = await call('GET', '/api/order/report?start_time=2026-03-31&end_time=2026-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().message).toBe(reportMessages.periodOrder);
    const malformed = await call('GET', '/api/order/report?start_time=2026-02-30&end_time=2026-03-01');
    expect(malformed.statusCode).toBe(422);
  });

  it('writes one row per contract of the period with its money in its currency and CNY, then a totals row per currency', async () => {
    const sheet = await exportSheet(t, call, `/api/order/report/export?${MARCH}`, REPORT_SHEET_NAME);
    const headers = Object.keys(rowsOf(sheet)[0] ?? {});
    expect(headers).toEqual([
      '海外合同号',
      '客户',
      '创建时间',
      '币种',
      '合同金额（合同币种）',
      '已收款（合同币种）',
      '结汇金额（CNY）',
      '采购成本（CNY）',
      '已付款（CNY）',
      '车辆数',
      '已完成',
      '已退税',
      '已注销',
      '运费已完成',
    ]);
    const shown = headers.filter((header) => header !== '创建时间');
    /** A row as read back: empty cells are absent. */
    const line = (values: unknown[]) =>
      Object.fromEntries(shown.flatMap((header, i) => (values[i] === undefined ? [] : [[header, values[i]]])));
    expect(rowsOf(sheet).map(({ 创建时间: _created, ...rest }) => rest)).toEqual([
      // Newest first. The formula-like customer name is text with Excel's text mark.
      line(['HW-R-3', `'=HYPERLINK("http://x")`, 'USD', 2_500.25, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      // Cost: 100,000 + 1,000.55 and 5,000 (purchase side); remitted: 900 shared 2 of 3 vehicles.
      line(['HW-R-2', '客户 HW-R-2', 'CNY', 50_000.5, 50_000.5, 0, 106_000.55, 600, 2, 1, 2, 1, 1]),
      // Cost: 10,600 + 20,000 + 3,000.10; settled 21,000 + 7,003.50; remitted 6,000 shared 3 of 4 vehicles.
      line(['HW-R-1', '客户 HW-R-1', 'USD', 10_000, 4_000.5, 28_003.5, 33_600.1, 4_500, 3, 1, 2, 2, 1]),
      line(['合计（USD）', undefined, 'USD', 12_500.25, 4_000.5, 28_003.5, 33_600.1, 4_500, 3, 1, 2, 2, 1]),
      line(['合计（CNY）', undefined, 'CNY', 50_000.5, 50_000.5, 0, 106_000.55, 600, 2, 1, 2, 1, 1]),
    ]);
    // The contracts' times are real dates; the totals rows have none.
    expect(rowsOf(sheet).map((row) => row['创建时间'] instanceof Date)).toEqual([true, true, true, false, false]);
  });
});
