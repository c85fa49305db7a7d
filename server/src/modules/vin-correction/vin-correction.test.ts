import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { createVehicle, loggedInStaff } from '../../../../tests/helpers/factories';
import { caller, carLine, orderForm, uploadOverseasFiles, vin } from '../../../../tests/helpers/overseas';

describe('VIN correction', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loggedInStaff>>;
  let call: ReturnType<typeof caller>;

  beforeEach(async () => {
    t = await buildTestApp();
    admin = await loggedInStaff(t.app, { nickname: '张三' });
    call = caller(t.app, admin.token);
  });

  afterEach(async () => {
    await t.close();
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/car/vinAlterLists' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/car/vinAlter' })).statusCode).toBe(401);
  });

  it('corrects the VIN on the one vehicle row, so the contract follows; keeps old, new and who', async () => {
    const files = await uploadOverseasFiles(t.app, admin.token);
    const created = await call('POST', '/api/order', orderForm(files, { cars: [carLine(vin(1)), carLine(vin(2))] }));
    const orderId = created.json().data.id;
    const vehicleId = (
      await t.db.selectFrom('vehicles').select('id').where('vin', '=', vin(1)).executeTakeFirstOrThrow()
    ).id;

    const response = await call('POST', '/api/car/vinAlter', {
      vinOld: ` ${vin(1).toLowerCase()}`,
      vinNew: vin(9, 'WDD').toLowerCase(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: '操作成功', data: { id: expect.any(Number) } });

    const vehicle = await t.db.selectFrom('vehicles').selectAll().where('id', '=', vehicleId).executeTakeFirstOrThrow();
    expect(vehicle).toMatchObject({ vin: vin(9, 'WDD'), order_id: orderId });
    const order = (await call('GET', `/api/order/${orderId}`)).json().data;
    expect(order.cars.map((car: { vin: string }) => car.vin)).toEqual([vin(9, 'WDD'), vin(2)]);
    expect((await call('GET', `/api/order?vin=${vin(9, 'WDD')}`)).json().data.total).toBe(1);
    expect((await call('GET', `/api/car/exists?vin=${vin(1)}&type=2`)).statusCode).toBe(404);

    const correction = await t.db.selectFrom('vin_corrections').selectAll().executeTakeFirstOrThrow();
    expect(correction).toMatchObject({
      vehicle_id: vehicleId,
      vin_old: vin(1),
      vin_new: vin(9, 'WDD'),
      user_id: admin.id,
    });
    const audit = await historyEvents(t.db, { action: 'correct_vin' });
    expect(audit).toEqual([
      expect.objectContaining({
        entity: 'vin_alter',
        entity_id: String(correction.id),
        user_id: admin.id,
        changed: { vin: [vin(1), vin(9, 'WDD')] },
        vehicles: [vehicleId],
      }),
    ]);

    // The old VIN is free again.
    expect(
      (await call('POST', '/api/order', orderForm(files, { order_no: 'HW-2', cars: [carLine(vin(1))] }))).statusCode,
    ).toBe(201);
  });

  it('answers 422 with the spec messages: 请填写要更正的车架号, 新车架号格式错误', async () => {
    await createVehicle(t.db, { vin: vin(1) });
    const empty = await call('POST', '/api/car/vinAlter', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      code: 422,
      message: '请填写要更正的车架号',
      data: { errors: { vinOld: ['请填写要更正的车架号'], vinNew: ['新车架号格式错误'] } },
    });
    for (const bad of [
      'LSV0000000000001',
      'LSV00000000000011X',
      'LSVI0000000000001',
      'LSVO0000000000001',
      'LSVQ0000000000001',
      '',
    ]) {
      const response = await call('POST', '/api/car/vinAlter', { vinOld: vin(1), vinNew: bad });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().message, bad).toBe('新车架号格式错误');
    }
    const unknown = await call('POST', '/api/car/vinAlter', { vinOld: vin(5), vinNew: vin(6) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      code: 422,
      message: '要更正的车架号不存在',
      data: { errors: { vinOld: ['要更正的车架号不存在'] } },
    });
    const same = await call('POST', '/api/car/vinAlter', { vinOld: vin(1), vinNew: vin(1) });
    expect(same.json().message).toBe('新车架号与原车架号相同');
    expect(await t.db.selectFrom('vin_corrections').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a new VIN already in use with 409 and changes nothing', async () => {
    await createVehicle(t.db, { vin: vin(1) });
    await createVehicle(t.db, { vin: vin(2) });
    const response = await call('POST', '/api/car/vinAlter', { vinOld: vin(1), vinNew: vin(2) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 409, message: '新车架号已被其他车辆使用', data: null });
    expect(await t.db.selectFrom('vehicles').select('vin').orderBy('vin').execute()).toEqual([
      { vin: vin(1) },
      { vin: vin(2) },
    ]);
    expect(await t.db.selectFrom('vin_corrections').selectAll().execute()).toHaveLength(0);
  });

  it('lists corrections 15 per page, newest first, with the corrector’s nickname, filtered by the new VIN', async () => {
    for (let n = 1; n <= 16; n += 1) {
      await createVehicle(t.db, { vin: vin(n) });
      const response = await call('POST', '/api/car/vinAlter', {
        vinOld: vin(n),
        vinNew: vin(n, n === 3 ? 'WDD' : 'LNN'),
      });
      expect(response.statusCode).toBe(200);
    }
    const first = await call('GET', '/api/car/vinAlterLists?page=1&limit=15');
    expect(first.statusCode).toBe(200);
    const body = first.json().data;
    expect(body.data).toHaveLength(15);
    expect(body.meta).toEqual({ total: 16, page: 1, limit: 15 });
    expect(body.total).toBe(16);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      vin_old: vin(16),
      vin_new: vin(16, 'LNN'),
      users: { nickname: '张三' },
      created_at: expect.stringMatching(/\+08:00$/),
    });
    expect((await call('GET', '/api/car/vinAlterLists?page=2')).json().data.data).toHaveLength(1);
    const filtered = (await call('GET', '/api/car/vinAlterLists?vinNew=wdd')).json().data;
    expect(filtered.total).toBe(1);
    expect(filtered.data[0]).toMatchObject({ vin_old: vin(3), vin_new: vin(3, 'WDD') });
    expect((await call('GET', '/api/car/vinAlterLists?vinNew=')).json().data.total).toBe(16);
  });
});
