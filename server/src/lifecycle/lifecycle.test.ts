import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEvents } from '../../../tests/helpers/history';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-app';
import { createVehicle } from '../../../tests/helpers/factories';
import type { Flow } from '../../../contract/stage';
import { HttpError } from '../http-errors';
import { handOverPurchases } from './hand-over';
import { handOverOrderToPurchasing } from './order-status';
import { saveStageRecord } from './stage-record';

const actor = { userId: null, ip: '127.0.0.1', requestId: 'lifecycle-test' };
const doc = (name: string) => `/storage/document/${name}.pdf`;
const photo = (name: string) => `/storage/image/${name}.jpg`;

describe('the lifecycle: hand-overs, stage records and the overseas contract status', () => {
  let t: TestApp;
  let serial = 0;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const at = () => new Date().toISOString();
  const newOrder = async () => {
    serial += 1;
    const row = await t.db
      .insertInto('orders')
      .values({
        order_no: `LC-${serial}`,
        customer_name: '客户',
        amount: 10,
        total: 100_00,
        status: 2,
        created_at: at(),
        updated_at: at(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const newPurchase = async (orderId: number | null) => {
    serial += 1;
    const row = await t.db
      .insertInto('purchases')
      .values({
        purchase_no: `CG-${serial}`,
        type: 1,
        order_id: orderId,
        customer_name: '卖方',
        amount: 10,
        total: 100_00,
        created_at: at(),
        updated_at: at(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const newVehicle = (orderId: number | null, purchaseId: number | null, flow: Flow | null, more = {}) => {
    serial += 1;
    return createVehicle(t.db, {
      vin: `LLIFE${String(serial).padStart(12, '0')}`,
      order_id: orderId,
      purchase_id: purchaseId,
      flow,
      ...more,
    });
  };
  const vehicle = (id: number) =>
    t.db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const orderStatus = async (id: number) =>
    (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  };

  it('the purchase hand-over moves only the vehicles still in purchase and says why the others stayed', async () => {
    const purchase = await newPurchase(null);
    const a = await newVehicle(null, purchase, 'purchase');
    const b = await newVehicle(null, purchase, 'purchase');
    const c = await newVehicle(null, purchase, 'registry');
    const answer = await t.db.transaction().execute((trx) => handOverPurchases(trx, actor, 'purchase', [purchase]));
    expect(answer.moved).toBe(2);
    expect(answer.kept).toEqual([{ vin: (await vehicle(c)).vin, reason: '当前在车管环节' }]);
    expect((await vehicle(a)).flow).toBe('pickup');
    expect((await vehicle(b)).flow).toBe('pickup');
    expect((await vehicle(c)).flow).toBe('registry');
    const marked = await t.db
      .selectFrom('purchases')
      .select('handed_over')
      .where('id', '=', purchase)
      .executeTakeFirst();
    expect(marked?.handed_over).toBe(1);
  });

  it('two hand-overs of the same contract at once move each vehicle once', async () => {
    const purchase = await newPurchase(null);
    const ids = [];
    for (let index = 0; index < 5; index += 1) ids.push(await newVehicle(null, purchase, 'purchase'));
    const [first, second] = await Promise.all([
      t.db.transaction().execute((trx) => handOverPurchases(trx, actor, 'purchase', [purchase])),
      t.db.transaction().execute((trx) => handOverPurchases(trx, actor, 'purchase', [purchase])),
    ]);
    expect((first?.moved ?? 0) + (second?.moved ?? 0)).toBe(5);
    for (const id of ids) expect((await vehicle(id)).flow).toBe('pickup');
    const audits = (await historyEvents(t.db, { action: 'hand_over', entityId: purchase })).filter(
      (event) => event.changed.flow?.[1] === 'pickup',
    );
    // One audit row per hand-over that moved something, never a vehicle counted twice.
    expect(audits.length).toBeGreaterThanOrEqual(1);
  });

  it('the check-in hand-over keeps vehicles without a check-in; the release hand-over needs both records', async () => {
    const purchase = await newPurchase(null);
    const checkedIn = await newVehicle(null, purchase, 'pickup', { entry: 2 });
    const notCheckedIn = await newVehicle(null, purchase, 'pickup');
    const answer = await t.db.transaction().execute((trx) => handOverPurchases(trx, actor, 'entry', [purchase]));
    expect(answer).toEqual({ moved: 1, kept: [{ vin: (await vehicle(notCheckedIn)).vin, reason: '尚未入库' }] });
    expect((await vehicle(checkedIn)).flow).toBe('registry');

    const releasePurchase = await newPurchase(null);
    const both = await newVehicle(null, releasePurchase, 'release', { release: 2, exports: 2 });
    const onlyReleased = await newVehicle(null, releasePurchase, 'release', { release: 2 });
    const released = await t.db
      .transaction()
      .execute((trx) => handOverPurchases(trx, actor, 'release', [releasePurchase]));
    expect(released.kept).toEqual([{ vin: (await vehicle(onlyReleased)).vin, reason: '尚未出口报关' }]);
    expect((await vehicle(both)).flow).toBe('filing');
  });

  it('a stage record is refused for a vehicle not yet in its flow, naming the VIN and where it is', async () => {
    const id = await newVehicle(null, null, 'purchase');
    const { vin } = await vehicle(id);
    const error = await refusal(
      saveStageRecord(t.db, actor, {
        stage: 'entry',
        vehicleIds: [id],
        fields: { dl_name: '张三' },
        documents: { vin_image: photo('v'), wg_image: photo('w'), car_image: [photo('o')] },
      }),
    );
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(`车辆 ${vin} 当前在采购环节，不能保存入库记录`);
    expect((await vehicle(id)).entry).toBe(0);
    const rows = await t.db.selectFrom('check_ins').select('id').where('vehicle_id', '=', id).execute();
    expect(rows).toEqual([]);
  });

  it('a required document missing is a 422 with the spec message under its field', async () => {
    const id = await newVehicle(null, null, 'pickup');
    const error = await refusal(
      saveStageRecord(t.db, actor, {
        stage: 'entry',
        vehicleIds: [id],
        fields: {},
        documents: { vin_image: photo('v'), car_image: [photo('o')] },
      }),
    );
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe('请上传外观照片');
    expect(error.data).toEqual({ errors: { wg_image: ['请上传外观照片'] } });
  });

  it('of two edits of one record sent at once from the same read, saves one and refuses the other as stale', async () => {
    const id = await newVehicle(null, null, 'registry');
    const saved = await saveStageRecord(t.db, actor, {
      stage: 'plate',
      vehicleIds: [id],
      fields: { yy_date: '2026-11-20' },
      documents: { xsz_image: doc('1') },
    });
    const read = await t.db
      .selectFrom('platings')
      .select('updated_at')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    const edit = (day: string) =>
      saveStageRecord(t.db, actor, {
        stage: 'plate',
        recordId: saved.id,
        vehicleIds: [id],
        fields: { yy_date: day },
        documents: { xsz_image: doc('1') },
        expectedUpdatedAt: read.updated_at,
      });
    const results = await Promise.allSettled([edit('2026-11-21'), edit('2026-11-22')]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(HttpError);
    expect((rejected.reason as HttpError).statusCode).toBe(409);
    expect((rejected.reason as HttpError).message).toBe('该记录已被他人修改，请刷新后重试');
  });

  it('plating: the value and rate follow the documents; a second add is refused with the record’s id, an edit changes it', async () => {
    const id = await newVehicle(null, null, 'registry');
    const first = await saveStageRecord(t.db, actor, {
      stage: 'plate',
      vehicleIds: [id],
      fields: { yy_date: '2026-11-20' },
      documents: { xsz_image: doc('1'), djz_image: doc('2'), lp_image: doc('3'), fp_image: doc('4') },
    });
    expect(first).toMatchObject({ value: 1, rate: 50 });
    expect((await vehicle(id)).plate).toBe(1);
    const all = Object.fromEntries(
      ['xsz_image', 'djz_image', 'lp_image', 'fp_image', 'hgz_image', 'ycxzs_image', 'hbqd_image', 'bx_image'].map(
        (field, index) => [field, doc(String(index))],
      ),
    );
    const secondAdd = saveStageRecord(t.db, actor, {
      stage: 'plate',
      vehicleIds: [id],
      fields: { yy_date: '2026-11-21' },
      documents: all,
    });
    await expect(secondAdd).rejects.toMatchObject({
      statusCode: 409,
      message: `车辆 ${(await vehicle(id)).vin} 已有上牌记录，请编辑原记录`,
      data: { id: first.id },
    });
    expect((await vehicle(id)).plate).toBe(1);
    const again = await saveStageRecord(t.db, actor, {
      stage: 'plate',
      recordId: first.id,
      vehicleIds: [id],
      fields: { yy_date: '2026-11-21' },
      documents: all,
    });
    expect(again).toEqual({ id: first.id, value: 2, rate: 100 });
    const rows = await t.db
      .selectFrom('platings')
      .select(['id', 'rate', 'yy_date'])
      .where('vehicle_id', '=', id)
      .execute();
    expect(rows).toEqual([{ id: first.id, rate: 100, yy_date: '2026-11-21' }]);
    expect((await vehicle(id)).plate).toBe(2);
  });

  it('a vehicle already on another release pass is refused; an edit that drops a vehicle sets its value back to 0', async () => {
    const a = await newVehicle(null, null, 'release');
    const b = await newVehicle(null, null, 'release');
    const documents = { fxt_image: photo('f'), lc_image: photo('l') };
    const pass = await saveStageRecord(t.db, actor, { stage: 'release', vehicleIds: [a, b], fields: {}, documents });
    expect((await vehicle(a)).release).toBe(2);
    const second = await refusal(
      saveStageRecord(t.db, actor, { stage: 'release', vehicleIds: [b], fields: {}, documents }),
    );
    expect([second.statusCode, second.message]).toEqual([409, '已出库的车辆不能再次出库']);
    await saveStageRecord(t.db, actor, { stage: 'release', recordId: pass.id, vehicleIds: [a], fields: {}, documents });
    expect((await vehicle(a)).release).toBe(2);
    expect((await vehicle(b)).release).toBe(0);
  });

  it('the overseas contract becomes 6 when all its vehicles are complete, and back to 2 when one no longer is', async () => {
    const order = await newOrder();
    const a = await newVehicle(order, null, 'filing', { drawback: 2, archive: 2 });
    const b = await newVehicle(order, null, 'filing', { drawback: 2, archive: 2 });
    const freight = await saveStageRecord(t.db, actor, {
      stage: 'freight',
      vehicleIds: [a],
      fields: { order_id: order },
      documents: { yffp_image: doc('fp'), yffkd_image: doc('fk') },
    });
    expect(await orderStatus(order)).toBe(2);
    await saveStageRecord(t.db, actor, {
      stage: 'freight',
      recordId: freight.id,
      vehicleIds: [a, b],
      fields: { order_id: order },
      documents: { yffp_image: doc('fp'), yffkd_image: doc('fk') },
    });
    expect(await orderStatus(order)).toBe(6);
    // The payment slip removed: freight is 1 again, the contract is no longer finished.
    const reopened = await saveStageRecord(t.db, actor, {
      stage: 'freight',
      recordId: freight.id,
      vehicleIds: [a, b],
      fields: { order_id: order },
      documents: { yffp_image: doc('fp') },
    });
    expect(reopened.value).toBe(1);
    expect(await orderStatus(order)).toBe(2);
    const audit = await historyEvents(t.db, { entity: 'order', entityId: order });
    expect(audit.map((row) => row.action)).toEqual(['finish', 'reopen']);
  });

  it.each([
    { lacking: 'drawback', a: { drawback: 0, archive: 2 } },
    { lacking: 'archive', a: { drawback: 2, archive: 0 } },
    { lacking: 'drawback and archive', a: { drawback: 0, archive: 0 } },
    { lacking: 'a complete drawback (1)', a: { drawback: 1, archive: 2 } },
    { lacking: 'a complete archive (1)', a: { drawback: 2, archive: 1 } },
  ])('the overseas contract stays 2 after a complete freight for all while a car lacks $lacking', async ({ a }) => {
    const order = await newOrder();
    const lackingCar = await newVehicle(order, null, 'filing', a);
    const completeCar = await newVehicle(order, null, 'filing', { drawback: 2, archive: 2 });
    const saved = await saveStageRecord(t.db, actor, {
      stage: 'freight',
      vehicleIds: [lackingCar, completeCar],
      fields: { order_id: order },
      documents: { yffp_image: doc('fp'), yffkd_image: doc('fk') },
    });
    expect(saved.value).toBe(2);
    expect(await vehicle(lackingCar)).toMatchObject({ ...a, freight: 2 });
    expect(await orderStatus(order)).toBe(2);
  });

  it('hands a new overseas contract to purchasing once (status 2); a second time is refused', async () => {
    const order = await newOrder();
    await t.db.updateTable('orders').set({ status: 1 }).where('id', '=', order).execute();
    await t.db.transaction().execute((trx) => handOverOrderToPurchasing(trx, actor, order));
    expect(await orderStatus(order)).toBe(2);
    const again = await refusal(t.db.transaction().execute((trx) => handOverOrderToPurchasing(trx, actor, order)));
    expect([again.statusCode, again.message]).toEqual([409, '该合同已移交采购']);
  });
});
