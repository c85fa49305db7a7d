import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { bearer, createVehicle, loggedInStaff } from '../../../../tests/helpers/factories';

describe('dashboard', () => {
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    t = await buildTestApp();
    token = (await loggedInStaff(t.app)).token;
  });

  afterEach(async () => {
    await t.close();
  });

  const counts = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, message: '操作成功' });
    return response.json().data;
  };

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });

  it('answers zeros on an empty database', async () => {
    expect(await counts()).toEqual({
      orderNum: 0,
      purchaseNum: 0,
      carEntry: 0,
      carRelease: 0,
      carPlate: 0,
      carTransfer: 0,
      carExports: 0,
      carDrawback: 0,
      carFreight: 0,
      carArchive: 0,
      carComplete: 0,
      overdue: 0,
      dueSoon: 0,
    });
  });

  it('counts contracts, vehicles past each step, and complete vehicles', async () => {
    const at = new Date().toISOString();
    const stamps = { created_at: at, updated_at: at };
    const order = await t.db
      .insertInto('orders')
      .values({ order_no: 'HW-001', customer_name: '客户甲', amount: 5, total: 5_000_000, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('orders')
      .values({ order_no: 'HW-002', customer_name: '客户乙', amount: 1, total: 1, ...stamps })
      .execute();
    await t.db
      .insertInto('purchases')
      .values({
        purchase_no: 'CG-001',
        type: 2,
        order_id: order.id,
        customer_name: '卖家',
        amount: 5,
        total: 4_000_000,
        ...stamps,
      })
      .execute();

    // Only named on a contract: no step yet.
    await createVehicle(t.db, { order_id: order.id });
    // Checked in only.
    await createVehicle(t.db, { order_id: order.id, flow: 'registry', entry: 2 });
    // Plating with documents missing (1 counts: the step has happened), release pass, export.
    await createVehicle(t.db, { order_id: order.id, flow: 'filing', entry: 2, plate: 1, release: 2, exports: 2 });
    // Used car: transfer; filed with tax refund and freight done, deregistration missing.
    await createVehicle(t.db, {
      order_id: order.id,
      flow: 'filing',
      entry: 2,
      transfer: 2,
      release: 2,
      exports: 2,
      drawback: 2,
      freight: 2,
    });
    // Complete: drawback, archive and freight all 2.
    await createVehicle(t.db, {
      order_id: order.id,
      flow: 'filing',
      entry: 2,
      plate: 2,
      release: 2,
      exports: 2,
      drawback: 2,
      archive: 2,
      freight: 2,
    });
    // Freight invoice only (1): counted as freight, not complete.
    await createVehicle(t.db, { flow: 'filing', drawback: 2, archive: 2, freight: 1 });

    expect(await counts()).toEqual({
      orderNum: 2,
      purchaseNum: 1,
      carEntry: 4,
      carRelease: 3,
      carPlate: 2,
      carTransfer: 1,
      carExports: 3,
      carDrawback: 3,
      carFreight: 3,
      carArchive: 2,
      carComplete: 1,
      overdue: 0,
      dueSoon: 0,
    });
  });
});
