import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEvents } from '../../../tests/helpers/history';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-app';
import { createVehicle } from '../../../tests/helpers/factories';
import type { Flow } from '../../../contract/stage';
import { HttpError } from '../http-errors';
import { handOverOrderToPurchasing, settleOrders } from './order-status';
import { enterPurchase, leavePurchase } from './purchase-membership';

/**
 * A vehicle entering and leaving the purchase flow, and an overseas contract's status at its edges (DOMAIN.md:
 * 1 new, 2 handed to purchasing, 6 finished): what StrykerJS found no lifecycle test noticing (docs/mutation.md).
 */
const actor = { userId: null, ip: '127.0.0.1', requestId: 'membership-and-status' };

describe('purchase membership and the overseas contract status', () => {
  let t: TestApp;
  let serial = 0;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const at = () => new Date().toISOString();
  const newOrder = async (status: number) => {
    serial += 1;
    const row = await t.db
      .insertInto('orders')
      .values({
        order_no: `MS-${serial}`,
        customer_name: '客户',
        amount: 10,
        total: 100_00,
        status,
        created_at: at(),
        updated_at: at(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const newVehicle = (flow: Flow | null, more = {}) => {
    serial += 1;
    return createVehicle(t.db, { vin: `LMEMB${String(serial).padStart(12, '0')}`, flow, ...more });
  };
  const flowOf = async (id: number) =>
    (await t.db.selectFrom('vehicles').select('flow').where('id', '=', id).executeTakeFirstOrThrow()).flow;
  const statusOf = async (id: number) =>
    (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('a purchase contract’s cars enter the purchase flow only from none, and leave it only from purchase', async () => {
    const fresh = await newVehicle(null);
    const atYard = await newVehicle('pickup');
    expect(await enterPurchase(t.db, [fresh, atYard])).toEqual([fresh]);
    expect([await flowOf(fresh), await flowOf(atYard)]).toEqual(['purchase', 'pickup']);
    expect(await leavePurchase(t.db, [fresh, atYard])).toEqual([fresh]);
    expect([await flowOf(fresh), await flowOf(atYard)]).toEqual([null, 'pickup']);
  });

  it('handing an unknown contract to purchasing is 404; a handed-over one stays 2 with one history event', async () => {
    const error = await handOverOrderToPurchasing(t.db, actor, 999_999).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(404);

    const order = await newOrder(1);
    await handOverOrderToPurchasing(t.db, actor, order);
    expect(await statusOf(order)).toBe(2);
    const events = await historyEvents(t.db, { action: 'hand_over', entity: 'order', entityId: order });
    expect(events.map((event) => event.changed.status)).toEqual([[1, 2]]);
  });

  it('a contract without vehicles is never finished; a finished one settled again stays 6 with one event', async () => {
    const empty = await newOrder(2);
    await settleOrders(t.db, actor, [empty, null]);
    expect(await statusOf(empty)).toBe(2);

    const done = await newOrder(2);
    await newVehicle('filing', { order_id: done, drawback: 2, archive: 2, freight: 2 });
    await settleOrders(t.db, actor, [done]);
    await settleOrders(t.db, actor, [done]);
    expect(await statusOf(done)).toBe(6);
    const events = await historyEvents(t.db, { entity: 'order', entityId: done });
    expect(events.map((event) => [event.action, event.changed.status])).toEqual([['finish', [2, 6]]]);
  });
});
