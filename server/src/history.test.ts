import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/helpers/build-app';
import { createVehicle, loggedInStaff, md5md5 } from '../../tests/helpers/factories';
import { caller, carLine, orderForm, receiptForm, uploadOverseasFiles, vin } from '../../tests/helpers/overseas';
import { purchaseCar, purchaseForm, remitForm, uploadPurchaseFiles } from '../../tests/helpers/purchase';
import type { HistoryEvent } from '../../contract/history';
import { saveStageRecord } from './lifecycle/stage-record';

/** GET /api/history (API.md "Beyond the seeds"): every write lands a typed event, read back here. */
describe('history', () => {
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

  const history = async (query: string) => {
    const response = await call('GET', `/api/history?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { data: HistoryEvent[]; meta: { total: number; page: number; limit: number } };
  };
  const events = async (query: string) => (await history(query)).data;
  /** An event's changes as `{ field: [label, before, after] }`. */
  const changesOf = (event: HistoryEvent | undefined) =>
    Object.fromEntries(
      (event?.changes ?? []).map((change) => [change.field, [change.label, change.before, change.after]]),
    );
  const vehicleId = async (vinText: string) =>
    (await t.db.selectFrom('vehicles').select('id').where('vin', '=', vinText).executeTakeFirstOrThrow()).id;

  it('needs a token; answers 422 in Chinese without a record or a car, for an unknown entity or a bad id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/history?entity=order&id=1' })).statusCode).toBe(401);
    for (const [query, message] of [
      ['', '请指定要查看历史的记录或车辆'],
      ['entity=vehicle&id=1', '记录类型不正确'],
      ['entity=check_ins&id=1', '记录类型不正确'],
      ['id=1', '请指定要查看历史的记录类型'],
      ['entity=order', '请指定要查看历史的记录'],
      ['entity=order&id=abc', '记录编号不正确'],
      ['entity=car&id=0', '记录编号不正确'],
      ['vehicle_id=x', '车辆编号不正确'],
    ]) {
      const response = await call('GET', `/api/history?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().message, query).toBe(message);
    }
    // Text keys are ids for the rules and the rates; nothing recorded yet.
    expect((await history('entity=rate&id=2026-11:USD')).meta.total).toBe(0);
  });

  it('an order’s history holds its own changes, its car lines’ and its receipts’, newest first, labelled', async () => {
    const files = await uploadOverseasFiles(t.app, admin.token);
    const created = await call('POST', '/api/order', orderForm(files, { cars: [carLine(vin(1)), carLine(vin(2))] }));
    const orderId = created.json().data.id as number;
    const receipt = await call('POST', `/api/order/${orderId}/receipt`, receiptForm(files));
    expect(receipt.statusCode, receipt.body).toBe(201);
    const read = (await call('GET', `/api/order/${orderId}`)).json().data;
    const edited = await call(
      'PUT',
      `/api/order/${orderId}`,
      orderForm(files, {
        order_no: 'HW-2026-009',
        total: 40_000,
        updated_at: read.updated_at,
        cars: [carLine(vin(1), { order_price: 11_000 })],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);

    const page = await history(`entity=order&id=${orderId}`);
    expect(page.data.map((event) => `${event.entity}:${event.action}`)).toEqual([
      'order:update',
      'car:detach',
      'car:update',
      'receipt:create',
      'order:create',
      'car:create',
      'car:create',
    ]);
    expect(page.meta).toEqual({ total: 7, page: 1, limit: 15 });
    const [update] = page.data;
    expect(update).toMatchObject({ entity: 'order', entity_id: orderId, by: { id: admin.id, nickname: '张三' } });
    expect(update?.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/);
    expect(changesOf(update)).toMatchObject({
      order_no: ['海外合同号', 'HW-2026-001', 'HW-2026-009'],
      total: ['订单总额', '30000.50', '40000.00'],
      cars: ['车辆', [vin(1), vin(2)], [vin(1)]],
    });
    // Only what changed: the customer's name stayed.
    expect(update?.changes.map((change) => change.field)).not.toContain('customer_name');
    expect(changesOf(page.data[2])).toEqual({ order_price: ['车辆售价', '10000.00', '11000.00'] });
    expect(changesOf(page.data[3])).toMatchObject({
      amount: ['收款金额', null, '1000.50'],
      receipt_no: ['收款单号', null, 'SK-001'],
    });

    // Paged like every list: 15 by default, `limit` and `page` as given.
    const second = await history(`entity=order&id=${orderId}&limit=5&page=2`);
    expect(second.data.map((event) => event.id)).toEqual(page.data.slice(5).map((event) => event.id));
    expect(second.meta.total).toBe(7);

    // The car's own record, and everything that touched the car.
    const car = await vehicleId(vin(2));
    expect((await events(`entity=car&id=${car}`)).map((event) => event.action)).toEqual(['detach', 'create']);
    expect((await events(`vehicle_id=${car}`)).map((event) => `${event.entity}:${event.action}`)).toEqual([
      'car:detach',
      'car:create',
    ]);
    expect((await events(`entity=receipt&id=${receipt.json().data.id}`)).map((event) => event.action)).toEqual([
      'create',
    ]);
  });

  it('a purchase contract holds its car lines and remittances; its hand-over is linked to each car it moved', async () => {
    const files = await uploadPurchaseFiles(t.app, admin.token);
    const created = await call(
      'POST',
      '/api/purchase',
      purchaseForm(files, { car: [purchaseCar(vin(1, 'LGB')), purchaseCar(vin(2, 'LGB'))] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const purchaseId = created.json().data.id as number;
    const remit = await call('POST', `/api/purchase/${purchaseId}/remit`, remitForm(files, { amount: 1000 }));
    expect(remit.statusCode, remit.body).toBe(201);
    expect((await call('PUT', `/api/purchase/${purchaseId}/handOver`)).statusCode).toBe(200);

    const page = await events(`entity=purchase&id=${purchaseId}`);
    expect(page.map((event) => `${event.entity}:${event.action}`)).toEqual([
      'purchase:hand_over',
      'remit:create',
      'purchase:create',
      'car:create',
      'car:create',
    ]);
    expect(changesOf(page[0])).toEqual({ flow: ['所在环节', 'purchase', 'pickup'] });
    expect(changesOf(page[1])).toMatchObject({ amount: ['本次打款金额', null, '1000.00'] });
    for (const vinText of [vin(1, 'LGB'), vin(2, 'LGB')]) {
      const carEvents = await events(`vehicle_id=${await vehicleId(vinText)}`);
      expect(carEvents.map((event) => `${event.entity}:${event.action}`)).toEqual(['purchase:hand_over', 'car:create']);
    }
  });

  it('a stage record touching two cars appears under each car, with its stage word and document labels', async () => {
    const at = new Date().toISOString();
    const order = await t.db
      .insertInto('orders')
      .values({ order_no: 'HW-S-1', customer_name: '客户', amount: 2, total: 100_00, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const a = await createVehicle(t.db, { vin: vin(1), flow: 'filing', order_id: order.id });
    const b = await createVehicle(t.db, { vin: vin(2), flow: 'filing', order_id: order.id });
    const actor = { userId: admin.id, ip: '127.0.0.1', requestId: 'history-test' };
    const saved = await saveStageRecord(t.db, actor, {
      stage: 'freight',
      vehicleIds: [a, b],
      fields: { order_id: order.id },
      documents: { yffp_image: '/storage/document/invoice.pdf', yffkd_image: null, car_image: [] },
    });
    await saveStageRecord(t.db, actor, {
      stage: 'freight',
      recordId: saved.id,
      vehicleIds: [a],
      fields: { order_id: order.id },
      documents: { yffp_image: '/storage/document/invoice.pdf', yffkd_image: null, car_image: [] },
    });
    const [edit, create] = await events(`entity=freight&id=${saved.id}`);
    expect(create).toMatchObject({ action: 'create', entity: 'freight', entity_id: saved.id });
    expect(changesOf(create)).toMatchObject({
      yffp_image: ['运费发票', null, '/storage/document/invoice.pdf'],
      vins: ['车架号', null, [vin(1), vin(2)]],
    });
    // The value stayed 1 (the payment slip still missing): only the cars changed.
    expect(changesOf(edit)).toEqual({ vins: ['车架号', [vin(1), vin(2)], [vin(1)]] });
    expect((await events(`vehicle_id=${a}`)).map((event) => event.action)).toEqual(['update', 'create']);
    // The car the edit released is linked to it too: its freight went back to none.
    expect((await events(`vehicle_id=${b}`)).map((event) => event.action)).toEqual(['update', 'create']);
  });

  it('customers, customer types and staff: typed events with labels, never a password hash', async () => {
    const type = await call('POST', '/api/customerType', { name: '经销商' });
    const typeId = type.json().data.id as number;
    const renamed = await call('PUT', `/api/customerType/${typeId}`, { name: '批发商' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(changesOf((await events(`entity=customer_type&id=${typeId}`))[0])).toEqual({
      name: ['类型名称', '经销商', '批发商'],
    });

    const customer = await call('POST', '/api/customer', { name: '客户甲', type_id: 1, country: '阿联酋' });
    const customerId = customer.json().data.id as number;
    expect(changesOf((await events(`entity=customer&id=${customerId}`))[0])).toMatchObject({
      name: ['客户名称', null, '客户甲'],
      country: ['国家', null, '阿联酋'],
    });

    const created = await call('POST', '/api/user', {
      username: 'wangwu',
      nickname: '王五',
      phone_number: '13900000000',
      password: md5md5('Secret-1'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const staff = { id: created.json().data.id as number };
    const read = (await call('GET', `/api/user/${staff.id}`)).json().data;
    const edited = await call('PUT', `/api/user/${staff.id}`, {
      username: 'wangwu',
      nickname: '王五五',
      phone_number: read.phone_number,
      password: md5md5('Another-1'),
      updated_at: read.updated_at,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const staffEvents = await events(`entity=user&id=${staff.id}`);
    expect(staffEvents.map((event) => event.action)).toEqual(['update', 'create']);
    expect(changesOf(staffEvents[0])).toMatchObject({
      nickname: ['姓名', '王五', '王五五'],
      password_changed: ['修改密码', null, true],
    });
    const everything = JSON.stringify(await t.db.selectFrom('history_events').selectAll().execute());
    expect(everything).not.toContain('scrypt$');
    expect(everything).not.toContain(md5md5('Another-1'));
    expect(everything).not.toContain(md5md5('Secret-1'));
    expect(everything).not.toContain('password_hash');
  });

  it('a VIN correction keeps its reason in the correction and its event; a reason over 200 characters is refused', async () => {
    const car = await createVehicle(t.db, { vin: vin(1) });
    const tooLong = await call('POST', '/api/car/vinAlter', {
      vinOld: vin(1),
      vinNew: vin(2),
      reason: '错'.repeat(201),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe('更正原因不能超过 200 个字');

    const corrected = await call('POST', '/api/car/vinAlter', {
      vinOld: vin(1),
      vinNew: vin(2),
      reason: '  录入时看错一位  ',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const id = corrected.json().data.id as number;
    expect(await t.db.selectFrom('vin_corrections').select('reason').where('id', '=', id).executeTakeFirst()).toEqual({
      reason: '录入时看错一位',
    });
    const [event] = await events(`vehicle_id=${car}`);
    expect(event).toMatchObject({ action: 'correct_vin', entity: 'vin_alter', entity_id: id });
    expect(changesOf(event)).toEqual({
      vin: ['车架号', vin(1), vin(2)],
      reason: ['更正原因', null, '录入时看错一位'],
    });
    // Without a reason: none kept.
    await call('POST', '/api/car/vinAlter', { vinOld: vin(2), vinNew: vin(3) });
    expect(changesOf((await events(`vehicle_id=${car}`))[0])).toEqual({ vin: ['车架号', vin(2), vin(3)] });
  });
});
