import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-app';
import { createVehicle } from '../../../tests/helpers/factories';
import { type RecordDocuments, STAGES, type Stage, stageTable } from '../../../contract/stage';
import { HttpError } from '../http-errors';
import { saveStageRecord } from './stage-record';
import { stageStorage } from './stage-storage';

const actor = { userId: null, ip: '127.0.0.1', requestId: 'add-never-overwrites' };

/** Every document of the stage present: a path per single slot, one photo for the list. */
const allDocuments = (stage: Stage, tag: string): RecordDocuments =>
  Object.fromEntries(
    stageTable[stage].slots.map((slot) =>
      slot.field === 'car_image'
        ? [slot.field, [`/storage/image/${tag}.jpg`]]
        : [slot.field, `/storage/${slot.dir}/${slot.field}-${tag}.pdf`],
    ),
  );

/**
 * DOMAIN.md: a vehicle has at most one record per stage, and an add for a vehicle that has one is
 * refused with 409 `车辆 {VIN} 已有<记录>，请编辑原记录` (the release pass keeps the spec's wording) and
 * the record's id in `data.id`; the record is left as it was.
 */
describe('an add never overwrites a vehicle’s record', () => {
  let t: TestApp;
  let serial = 0;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  let orderId = 0;
  beforeAll(async () => {
    const at = new Date().toISOString();
    const order = await t.db
      .insertInto('orders')
      .values({ order_no: 'ADD-1', customer_name: '客户', amount: 99, total: 100_00, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    orderId = order.id;
  });
  /** The record's own columns: the records of the release and filing steps name their overseas contract. */
  const fieldsOf = (stage: Stage) =>
    stageStorage[stage].kind === 'perVehicle' || stage === 'release' ? {} : { order_id: orderId };

  const filingVehicle = async () => {
    serial += 1;
    const vin = `LADD${String(serial).padStart(13, '0')}`;
    return { vin, id: await createVehicle(t.db, { vin, flow: 'filing' }) };
  };

  it.each(STAGES)('%s: a second add is refused with the first record’s id, which stays as saved', async (stage) => {
    const first = await filingVehicle();
    const other = await filingVehicle();
    const saved = await saveStageRecord(t.db, actor, {
      stage,
      vehicleIds: [first.id],
      fields: fieldsOf(stage),
      documents: allDocuments(stage, 'first'),
    });
    const before = await t.db
      .selectFrom('history_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    // The linked records cover several vehicles: a second add naming a free car and the recorded one.
    const vehicleIds = stageStorage[stage].kind === 'perVehicle' ? [first.id] : [other.id, first.id];
    const error = await saveStageRecord(t.db, actor, {
      stage,
      vehicleIds,
      fields: fieldsOf(stage),
      documents: allDocuments(stage, 'second'),
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    const refusal = error as HttpError;
    expect(refusal.statusCode).toBe(409);
    expect(refusal.message).toBe(
      stage === 'release'
        ? '已出库的车辆不能再次出库'
        : `车辆 ${first.vin} 已有${stageTable[stage].recordLabel}，请编辑原记录`,
    );
    expect(refusal.data).toEqual({ id: saved.id });
    // Nothing written: no audit row, the free car still without a record of the stage.
    const after = await t.db
      .selectFrom('history_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const free = await t.db.selectFrom('vehicles').selectAll().where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(free[stage]).toBe(0);
  });
});
