import { beforeEach, describe, expect, it } from 'vitest';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { vin } from '../../../../tests/helpers/overseas';
import {
  seedDeclaration,
  seedOrder,
  seedPurchase,
  seedTransfer,
  seedVehicle,
} from '../../../../tests/helpers/filed-query-list';

/** Vehicle n was created n hours after 2026-03-01T00:00+08:00 (2026-02-28T16:00Z). */
const createdAt = (n: number) => new Date(Date.UTC(2026, 1, 28, 16) + n * 3_600_000).toISOString();

describe('the archive query (procedureLists)', () => {
  const app = contractAppForEachTest();
  const { t, call } = app;
  let finished: { id: number; orderId: number; declarationId: number; transferId: number; purchaseIds: number[] };

  beforeEach(async () => {
    const db = t.db;
    const order = await seedOrder(db, {
      order_no: 'HW-Q-2026-01',
      currency: 'USD',
      totalFen: 100,
      created_at: createdAt(0),
    });
    const other = await seedOrder(db, { order_no: 'HW-Z-7', currency: 'CNY', totalFen: 100, created_at: createdAt(0) });
    const newCars = await seedPurchase(db, { purchase_no: 'CG-NEW-1', type: 1, order_id: order });
    const usedCars = await seedPurchase(db, { purchase_no: 'CG-USED-1', type: 2, order_id: order });
    // 20 vehicles: 1-19 on the other contract (none bought: no flow), 20 the finished one with every value.
    for (let n = 1; n <= 19; n += 1) {
      await seedVehicle(db, { vin: vin(n, 'LFV'), order_id: other, created_at: createdAt(n * 24) });
    }
    const id = await seedVehicle(db, {
      vin: 'LSVAB12C3D4E5F678',
      model: '大众 帕萨特',
      order_id: order,
      purchase_id: usedCars,
      flow: 'filing',
      entry: 2,
      plate: 0,
      release: 2,
      transfer: 1,
      exports: 2,
      drawback: 2,
      archive: 2,
      freight: 1,
      created_at: createdAt(20 * 24),
    });
    finished = {
      id,
      orderId: order,
      transferId: await seedTransfer(db, id, 60),
      declarationId: await seedDeclaration(db, order, [id], 67),
      purchaseIds: [newCars, usedCars],
    };
  });

  const list = async (query = '') => {
    const response = await call('GET', `/api/car/procedureLists${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { data: Record<string, unknown>[]; total: number; meta: { total: number } };
  };

  it('lists every vehicle newest first, 15 a page, with its eight values, both rates and its contracts', async () => {
    const first = await list();
    expect(first.total).toBe(20);
    expect(first.meta.total).toBe(20);
    expect(first.data).toHaveLength(15);
    expect(first.data[0]).toEqual({
      id: finished.id,
      vin: 'LSVAB12C3D4E5F678',
      model: '大众 帕萨特',
      order_id: finished.orderId,
      entry: 2,
      plate: 0,
      release: 2,
      transfer: 1,
      exports: 2,
      drawback: 2,
      archive: 2,
      freight: 1,
      exportss: [{ id: finished.declarationId, rate: 67 }],
      transfers: [{ id: finished.transferId, rate: 60 }],
      order: [{ id: finished.orderId, order_no: 'HW-Q-2026-01' }],
      purchase: [{ id: finished.purchaseIds[1], type: 2, purchase_no: 'CG-USED-1' }],
      // 20 days after 2026-03-01 00:00 in the server's zone.
      created_at: '2026-03-21T00:00:00.000+08:00',
    });
    // A vehicle with no record and no purchase contract: zeros and empty lists.
    expect(first.data[1]).toMatchObject({
      vin: vin(19, 'LFV'),
      entry: 0,
      freight: 0,
      exportss: [],
      transfers: [],
      purchase: [],
      order: [{ order_no: 'HW-Z-7' }],
    });
    const second = await list('page=2');
    expect(second.total).toBe(20);
    expect(second.data.map((row) => row.vin)).toEqual([5, 4, 3, 2, 1].map((n) => vin(n, 'LFV')));
    expect((await list('page=3')).data).toEqual([]);
  });

  it('finds a vehicle by the last six characters of its VIN, any case, and by part of a contract number', async () => {
    const byTail = await list('vin=e5f678');
    expect(byTail.total).toBe(1);
    expect(byTail.data.map((row) => row.id)).toEqual([finished.id]);
    // Two characters: below the trigram length, still any part of the VIN.
    expect((await list('vin=78')).data.map((row) => row.id)).toEqual([finished.id]);
    expect((await list('vin=NOSUCH')).total).toBe(0);

    const byOrder = await list('order_no=q-2026');
    expect(byOrder.total).toBe(1);
    expect(byOrder.data[0]).toMatchObject({ id: finished.id });
    expect((await list('order_no=HW-Z')).total).toBe(19);
    // Both filters: the other contract's vehicles 10 to 19 (their VINs end in 1x).
    const both = await list('order_no=HW-Z&vin=LFV0000000000001');
    expect(both.total).toBe(10);
    expect(both.data.map((row) => row.vin)).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 10].map((n) => vin(n, 'LFV')));
  });

  it('lists exactly the vehicles each dashboard count counts, its total the same figure (stage=…)', async () => {
    const db = t.db;
    const order = await seedOrder(db, { order_no: 'HW-S-1', currency: 'USD', totalFen: 100, created_at: createdAt(0) });
    // A car complete, one exported but not filed, one only checked in.
    const complete = await seedVehicle(db, {
      vin: vin(31, 'LGB'),
      order_id: order,
      flow: 'filing',
      entry: 2,
      plate: 2,
      release: 2,
      exports: 2,
      drawback: 2,
      archive: 2,
      freight: 2,
      created_at: createdAt(30 * 24),
    });
    const exported = await seedVehicle(db, {
      vin: vin(32, 'LGB'),
      order_id: order,
      flow: 'filing',
      entry: 2,
      plate: 1,
      release: 2,
      exports: 2,
      created_at: createdAt(31 * 24),
    });
    const checkedIn = await seedVehicle(db, {
      vin: vin(33, 'LGB'),
      order_id: order,
      flow: 'registry',
      entry: 2,
      created_at: createdAt(32 * 24),
    });
    const dashboard = (await call('GET', '/api/dashboard')).json().data as Record<string, number>;
    const ids = async (stage: string) => {
      const page = await list(`stage=${stage}`);
      return { ids: page.data.map((row) => row.id), total: page.total };
    };
    expect(await ids('entry')).toEqual({ ids: [checkedIn, exported, complete, finished.id], total: 4 });
    expect(await ids('plate')).toEqual({ ids: [exported, complete], total: 2 });
    expect(await ids('transfer')).toEqual({ ids: [finished.id], total: 1 });
    expect(await ids('exports')).toEqual({ ids: [exported, complete, finished.id], total: 3 });
    expect(await ids('freight')).toEqual({ ids: [complete, finished.id], total: 2 });
    expect(await ids('complete')).toEqual({ ids: [complete], total: 1 });
    // The same figures the dashboard shows.
    expect([dashboard.carEntry, dashboard.carPlate, dashboard.carExports, dashboard.carComplete]).toEqual([4, 2, 3, 1]);
    // With another filter, the count is of the list itself.
    expect(await ids('exports&vin=LSVAB12C3D4E5F678')).toEqual({ ids: [finished.id], total: 1 });
    const wrong = await call('GET', '/api/car/procedureLists?stage=flow');
    expect([wrong.statusCode, wrong.json().message]).toEqual([422, '环节不正确']);
  });

  it('filters by the created day in the server time zone, end day included', async () => {
    // Vehicle n is created at 00:00 of 2026-03-(1+n) in Asia/Shanghai: the end day's midnight counts.
    const days = await list('start_time=2026-03-03&end_time=2026-03-05');
    expect(days.total).toBe(3);
    expect(days.data.map((row) => row.vin)).toEqual([4, 3, 2].map((n) => vin(n, 'LFV')));
    expect((await list('start_time=2026-03-21')).data.map((row) => row.id)).toEqual([finished.id]);
    expect((await list('end_time=2026-03-01')).total).toBe(0);
    expect((await list('start_time=2026-03-06&end_time=2026-03-06&vin=0005')).total).toBe(1);
    const malformed = await call('GET', '/api/car/procedureLists?start_time=2026-13-01');
    expect(malformed.statusCode).toBe(422);
  });
});
