import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-app';
import { createVehicle } from '../../../tests/helpers/factories';
import type { Flow } from '../../../contract/stage';
import { HttpError } from '../http-errors';
import { saveStageRecord } from './stage-record';

/**
 * What a stage record's save does that StrykerJS found no lifecycle test noticing (docs/mutation.md):
 * the documents as they are kept, the refusals before anything is written, a plating moved to another car.
 */
const actor = { userId: null, ip: '127.0.0.1', requestId: 'stage-record-rules' };
const doc = (name: string) => `/storage/document/${name}.pdf`;
const photo = (name: string) => `/storage/image/${name}.jpg`;

describe('a stage record’s save', () => {
  let t: TestApp;
  let serial = 0;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const newVehicle = async (flow: Flow | null) => {
    serial += 1;
    const id = await createVehicle(t.db, { vin: `LRULE${String(serial).padStart(12, '0')}`, flow });
    const { vin } = await t.db.selectFrom('vehicles').select('vin').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, vin };
  };
  const plateOf = async (id: number) =>
    (await t.db.selectFrom('vehicles').select('plate').where('id', '=', id).executeTakeFirstOrThrow()).plate;
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  };

  it('keeps each document in its column, a blank one as none, and the photos as a list', async () => {
    const car = await newVehicle('registry');
    const saved = await saveStageRecord(t.db, actor, {
      stage: 'plate',
      vehicleIds: [car.id],
      fields: {},
      documents: { xsz_image: doc('xsz'), djz_image: '', car_image: [photo('a'), photo('b')] },
    });
    expect([saved.value, saved.rate]).toEqual([1, 13]);
    const row = await t.db.selectFrom('platings').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(row.xsz_image).toBe(doc('xsz'));
    expect(row.djz_image).toBeNull();
    expect(row.bx_image).toBeNull();
    expect(JSON.parse(row.car_images as string)).toEqual([photo('a'), photo('b')]);
  });

  it('keeps no photos as an empty list', async () => {
    const car = await newVehicle('registry');
    const saved = await saveStageRecord(t.db, actor, {
      stage: 'plate',
      vehicleIds: [car.id],
      fields: {},
      documents: { xsz_image: doc('xsz') },
    });
    const row = await t.db.selectFrom('platings').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.car_images as string)).toEqual([]);
  });

  it('refuses a car no purchase contract bought (409, naming it), no car (422 under vin), an unknown car (404)', async () => {
    const unbought = await newVehicle(null);
    const notBought = await refusal(
      saveStageRecord(t.db, actor, { stage: 'plate', vehicleIds: [unbought.id], fields: {}, documents: {} }),
    );
    expect([notBought.statusCode, notBought.message]).toEqual([409, `车辆 ${unbought.vin} 尚未签订采购合同`]);

    const none = await refusal(
      saveStageRecord(t.db, actor, { stage: 'plate', vehicleIds: [], fields: {}, documents: {} }),
    );
    expect([none.statusCode, none.message, none.data]).toEqual([
      422,
      '请先选择车辆',
      { errors: { vin: ['请先选择车辆'] } },
    ]);

    const unknown = await refusal(
      saveStageRecord(t.db, actor, { stage: 'plate', vehicleIds: [999_999], fields: {}, documents: {} }),
    );
    expect([unknown.statusCode, unknown.message]).toEqual([404, '车辆不存在']);
    expect(await t.db.selectFrom('platings').select('id').where('vehicle_id', '=', unbought.id).execute()).toEqual([]);
  });

  it('a plating edited onto another car leaves the first car without one (value 0)', async () => {
    const first = await newVehicle('registry');
    const second = await newVehicle('registry');
    const all = {
      xsz_image: doc('1'),
      djz_image: doc('2'),
      lp_image: doc('3'),
      fp_image: doc('4'),
      hgz_image: doc('5'),
      ycxzs_image: doc('6'),
      hbqd_image: doc('7'),
      bx_image: doc('8'),
    };
    const saved = await saveStageRecord(t.db, actor, {
      stage: 'plate',
      vehicleIds: [first.id],
      fields: {},
      documents: all,
    });
    expect(await plateOf(first.id)).toBe(2);
    await saveStageRecord(t.db, actor, {
      stage: 'plate',
      recordId: saved.id,
      vehicleIds: [second.id],
      fields: {},
      documents: all,
    });
    expect([await plateOf(first.id), await plateOf(second.id)]).toEqual([0, 2]);
    const edited = await refusal(
      saveStageRecord(t.db, actor, {
        stage: 'plate',
        recordId: 999_999,
        vehicleIds: [first.id],
        fields: {},
        documents: all,
      }),
    );
    expect(edited.statusCode).toBe(404);
  });
});
