import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeadlineKey, DeadlineRow } from '../../../../contract/deadline';
import type { Flow } from '../../../../contract/stage';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { createVehicle, loggedInStaff } from '../../../../tests/helpers/factories';
import { caller, carLine, orderForm, receiptForm, uploadOverseasFiles, vin } from '../../../../tests/helpers/overseas';
import { addDays, today } from '../../lifecycle/deadline-clock';
import { handOverPurchases } from '../../lifecycle/hand-over';
import { saveStageRecord } from '../../lifecycle/stage-record';
import { syncOrderDeadlines } from '../../lifecycle/deadlines';

const actor = { userId: null, ip: '127.0.0.1', requestId: 'deadline-test' };
const doc = (name: string) => `/storage/document/${name}.pdf`;
const photo = (name: string) => `/storage/image/${name}.jpg`;
const PLATE_DOCS = {
  xsz_image: doc('xsz'),
  djz_image: doc('djz'),
  lp_image: doc('lp'),
  fp_image: doc('fp'),
  hgz_image: doc('hgz'),
  ycxzs_image: doc('yc'),
  hbqd_image: doc('hb'),
  bx_image: doc('bx'),
};
const EXPORT_DOCS = { xkz_image: doc('x'), bgzl_image: doc('b'), bgd_image: doc('d'), td_image: doc('t') };

/*
 * DOMAIN.md "Deadlines": each rule's clock starts at its event and stops with the record that ends it, in
 * the transaction of that write (the lifecycle); the list, the rules and the dashboard read them.
 */
describe('deadlines', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let token: string;
  let serial = 0;
  const at = () => new Date().toISOString();
  const day = today();

  beforeAll(async () => {
    t = await buildTestApp();
    token = (await loggedInStaff(t.app)).token;
    call = caller(t.app, token);
  });
  afterAll(async () => {
    await t.close();
  });

  const newOrder = async (total = 100_00, created = at()) => {
    serial += 1;
    const row = await t.db
      .insertInto('orders')
      .values({
        order_no: `DL-${String(serial).padStart(4, '0')}`,
        customer_name: '客户',
        amount: 2,
        total,
        currency: 'USD',
        status: 2,
        created_at: created,
        updated_at: created,
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
        purchase_no: `CG-DL-${serial}`,
        type: 1,
        order_id: orderId,
        customer_name: '卖方',
        amount: 1,
        total: 100_00,
        created_at: at(),
        updated_at: at(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const newCar = async (flow: Flow, more = {}) => {
    serial += 1;
    const orderId = await newOrder();
    const purchaseId = await newPurchase(orderId);
    const id = await createVehicle(t.db, {
      vin: `LDEAD${String(serial).padStart(12, '0')}`,
      order_id: orderId,
      purchase_id: purchaseId,
      flow,
      ...more,
    });
    return { id, orderId, purchaseId };
  };
  const clocks = async (vehicleId: number) =>
    Object.fromEntries(
      (
        await t.db
          .selectFrom('deadlines')
          .select(['key', 'started_on', 'due_on', 'closed_on'])
          .where('vehicle_id', '=', vehicleId)
          .execute()
      ).map((row) => [row.key, { started_on: row.started_on, due_on: row.due_on, closed_on: row.closed_on }]),
    );
  const handOver = (kind: 'purchase' | 'entry' | 'transfer' | 'release', purchaseId: number) =>
    t.db.transaction().execute((trx) => handOverPurchases(trx, actor, kind, [purchaseId]));
  const save = (stage: Parameters<typeof saveStageRecord>[2]['stage'], ids: number[], fields = {}, documents = {}) =>
    saveStageRecord(t.db, actor, { stage, vehicleIds: ids, fields, documents });
  const exportCar = async (vehicleId: number, orderId: number, exportsDate: string | null) =>
    save('exports', [vehicleId], { order_id: orderId, bgd_sn: `BGD${serial}`, exports_date: exportsDate }, EXPORT_DOCS);

  const open = (started: string, days: number) => ({
    started_on: started,
    due_on: addDays(started, days),
    closed_on: null,
  });

  it('the yard, registry and temporary-plate clocks start on their events and stop with their records', async () => {
    const car = await newCar('purchase');
    expect(await clocks(car.id)).toEqual({});

    await handOver('purchase', car.purchaseId);
    expect(await clocks(car.id)).toEqual({ entry: open(day, 7) });

    await save(
      'entry',
      [car.id],
      { dl_name: '张三' },
      { vin_image: photo('v'), wg_image: photo('w'), car_image: [photo('o')] },
    );
    expect((await clocks(car.id)).entry).toEqual({ ...open(day, 7), closed_on: day });

    await handOver('entry', car.purchaseId);
    expect((await clocks(car.id)).registry).toEqual(open(day, 15));

    // A plating short of documents (value 1) does not end the registry clock nor start the plate's.
    const plating = await save('plate', [car.id], {}, { xsz_image: doc('x') });
    expect((await clocks(car.id)).registry?.closed_on).toBeNull();
    expect((await clocks(car.id)).temp_plate).toBeUndefined();

    await saveStageRecord(t.db, actor, {
      stage: 'plate',
      recordId: plating.id,
      vehicleIds: [car.id],
      fields: {},
      documents: PLATE_DOCS,
    });
    const complete = await clocks(car.id);
    expect(complete.registry?.closed_on).toBe(day);
    expect(complete.temp_plate).toEqual(open(day, 30));

    // Back to incomplete: the registry clock opens again and the temporary plate's has not started.
    await saveStageRecord(t.db, actor, {
      stage: 'plate',
      recordId: plating.id,
      vehicleIds: [car.id],
      fields: {},
      documents: { xsz_image: doc('x') },
    });
    const undone = await clocks(car.id);
    expect(undone.registry?.closed_on).toBeNull();
    expect(undone.temp_plate).toBeUndefined();
    await saveStageRecord(t.db, actor, {
      stage: 'plate',
      recordId: plating.id,
      vehicleIds: [car.id],
      fields: {},
      documents: PLATE_DOCS,
    });

    await handOver('transfer', car.purchaseId);
    expect((await clocks(car.id)).release).toEqual(open(day, 15));

    // The release pass alone does not end the release clock; the declaration ends it and the plate's.
    await save('release', [car.id], {}, { fxt_image: photo('f'), lc_image: photo('l') });
    expect((await clocks(car.id)).release?.closed_on).toBeNull();
    await exportCar(car.id, car.orderId, '2026-11-20');
    const exported = await clocks(car.id);
    expect(exported.release?.closed_on).toBe(day);
    expect(exported.temp_plate?.closed_on).toBe(day);
    expect(exported.drawback).toEqual({ started_on: '2026-11-20', due_on: '2027-04-30', closed_on: null });
    expect(exported.archive).toEqual(open('2026-11-20', 30));
    expect(exported.freight).toEqual(open('2026-11-20', 30));

    await handOver('release', car.purchaseId);
    await save('drawback', [car.id], { order_id: car.orderId });
    await save('archive', [car.id], { order_id: car.orderId }, { zxzm_image: doc('z') });
    // Freight with its invoice only (value 1) is not complete: its clock runs on.
    const freight = await save('freight', [car.id], { order_id: car.orderId }, { yffp_image: doc('f') });
    const filed = await clocks(car.id);
    expect(filed.drawback?.closed_on).toBe(day);
    expect(filed.archive?.closed_on).toBe(day);
    expect(filed.freight?.closed_on).toBeNull();
    await saveStageRecord(t.db, actor, {
      stage: 'freight',
      recordId: freight.id,
      vehicleIds: [car.id],
      fields: { order_id: car.orderId },
      documents: { yffp_image: doc('f'), yffkd_image: doc('k') },
    });
    expect((await clocks(car.id)).freight?.closed_on).toBe(day);
  });

  it('免入库 stops the yard clock; a transfer (used car) ends the registry clock as a plating does', async () => {
    const car = await newCar('purchase');
    await handOver('purchase', car.purchaseId);
    await t.db.transaction().execute((trx) => handOverPurchases(trx, actor, 'noEntry', [car.purchaseId]));
    const moved = await clocks(car.id);
    expect(moved.entry?.closed_on).toBe(day);
    expect(moved.registry).toEqual(open(day, 15));
    await save(
      'transfer',
      [car.id],
      {},
      {
        djz_image: doc('d'),
        lp_image: doc('l'),
        usedcar_invoices_image: doc('u'),
        zzs_invoices_image: doc('z'),
        xsz_image: doc('x'),
      },
    );
    expect((await clocks(car.id)).registry?.closed_on).toBe(day);
    expect((await clocks(car.id)).temp_plate).toEqual(open(day, 30));
  });

  it('the tax refund is due 30 April of the year after the export, across a year end; editing the export date moves the filing clocks', async () => {
    const december = await newCar('release', { release: 2 });
    await exportCar(december.id, december.orderId, '2026-12-31');
    expect((await clocks(december.id)).drawback?.due_on).toBe('2027-04-30');

    const january = await newCar('release', { release: 2 });
    const declaration = await exportCar(january.id, january.orderId, '2027-01-01');
    expect((await clocks(january.id)).drawback?.due_on).toBe('2028-04-30');
    expect((await clocks(january.id)).archive?.due_on).toBe('2027-01-31');

    await saveStageRecord(t.db, actor, {
      stage: 'exports',
      recordId: declaration.id,
      vehicleIds: [january.id],
      fields: { order_id: january.orderId, bgd_sn: 'BGD-E', exports_date: '2026-06-01' },
      documents: EXPORT_DOCS,
    });
    const moved = await clocks(january.id);
    expect(moved.drawback).toEqual({ started_on: '2026-06-01', due_on: '2027-04-30', closed_on: null });
    expect(moved.freight).toEqual(open('2026-06-01', 30));
  });

  it('a declaration without an export date starts no filing clock', async () => {
    const car = await newCar('release', { release: 2 });
    await exportCar(car.id, car.orderId, null);
    const saved = await clocks(car.id);
    expect(saved.drawback).toBeUndefined();
    expect(saved.archive).toBeUndefined();
  });

  it('the receipt rule: a contract without a vehicle, open until its receipts reach the total, with its balance', async () => {
    const created = new Date(Date.now() - 100 * 86_400_000).toISOString();
    const orderId = await newOrder(1234_56, created);
    await syncOrderDeadlines(t.db, [orderId]);
    const receipt = () =>
      t.db
        .selectFrom('deadlines')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('key', '=', 'receipt')
        .executeTakeFirst();
    const first = await receipt();
    expect(first?.vehicle_id).toBeNull();
    expect(first?.closed_on).toBeNull();
    expect(first?.due_on).toBe(addDays(first?.started_on ?? '', 90));

    const { order_no } = await t.db
      .selectFrom('orders')
      .select('order_no')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const listed = await call('GET', `/api/deadline?order_no=${order_no}&key=receipt`);
    expect(listed.statusCode).toBe(200);
    const [row] = listed.json().data.data as DeadlineRow[];
    expect(row).toMatchObject({
      vehicle_id: null,
      vin: null,
      order_id: orderId,
      order_no,
      key: 'receipt',
      label: '收款',
      balance: '1234.56',
      currency: 'USD',
    });
    expect(row?.days_left).toBeLessThan(0);

    const insertReceipt = (amount: number) =>
      t.db
        .insertInto('receipts')
        .values({
          order_id: orderId,
          amount,
          currency: 'USD',
          receipt_no: `R${serial}`,
          receipted_at: day,
          created_at: at(),
          updated_at: at(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await insertReceipt(1000_00);
    await syncOrderDeadlines(t.db, [orderId]);
    const partly = await call('GET', `/api/deadline?order_no=${order_no}&key=receipt`);
    expect(partly.json().data.data[0].balance).toBe('234.56');

    const last = await insertReceipt(234_56);
    await syncOrderDeadlines(t.db, [orderId]);
    expect((await receipt())?.closed_on).toBe(day);
    expect((await call('GET', `/api/deadline?order_no=${order_no}`)).json().data.data).toEqual([]);

    // A receipt taken back below the total reopens it.
    await t.db.updateTable('receipts').set({ amount: 200_00 }).where('id', '=', last.id).execute();
    await syncOrderDeadlines(t.db, [orderId]);
    expect((await receipt())?.closed_on).toBeNull();
  });

  it('the receipt rule through the contract screens: created with the contract, closed by the receipt that reaches the total', async () => {
    const files = await uploadOverseasFiles(t.app, token);
    const created = await call(
      'POST',
      '/api/order',
      orderForm(files, { order_no: 'HW-DL-HTTP', total: 2000, cars: [carLine(vin(901, 'LDH'))] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json().data.id as number;
    const listed = async () =>
      (await call('GET', '/api/deadline?order_no=HW-DL-HTTP&key=receipt')).json().data.data as DeadlineRow[];
    // Due in 90 days: not yet listed (overdue or due within 7 days only), but running.
    expect(await listed()).toEqual([]);
    const clock = await t.db
      .selectFrom('deadlines')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('key', '=', 'receipt')
      .executeTakeFirstOrThrow();
    expect(clock).toMatchObject({ vehicle_id: null, started_on: day, due_on: addDays(day, 90), closed_on: null });
    await call('PUT', '/api/deadline/rules/receipt', { days: 3 });
    expect(await listed()).toEqual([
      expect.objectContaining({ order_id: orderId, balance: '2000.00', currency: 'USD', days_left: 3 }),
    ]);
    const part = await call('POST', `/api/order/${orderId}/receipt`, receiptForm(files, { amount: 1500.5 }));
    expect(part.statusCode, part.body).toBe(201);
    expect((await listed())[0]?.balance).toBe('499.50');
    await call('POST', `/api/order/${orderId}/receipt`, receiptForm(files, { amount: 499.5, receipt_no: 'SK-002' }));
    expect(await listed()).toEqual([]);
    await call('PUT', '/api/deadline/rules/receipt', { days: 90 });
  });

  describe('rules', () => {
    const rules = async () =>
      (await call('GET', '/api/deadline/rules')).json().data as {
        key: DeadlineKey;
        days: number;
        enabled: number;
        fixed: string | null;
        label: string;
      }[];

    it("lists DOMAIN.md's rules with their defaults, the tax refund as a fixed date", async () => {
      expect(await rules()).toEqual([
        { key: 'entry', label: '入库', days: 7, fixed: null, enabled: 1 },
        { key: 'registry', label: '上牌/过户', days: 15, fixed: null, enabled: 1 },
        { key: 'temp_plate', label: '临时牌照到期', days: 30, fixed: null, enabled: 1 },
        { key: 'release', label: '出口报关', days: 15, fixed: null, enabled: 1 },
        { key: 'drawback', label: '退税申报', days: 0, fixed: '04-30', enabled: 1 },
        { key: 'archive', label: '注销', days: 30, fixed: null, enabled: 1 },
        { key: 'freight', label: '运费', days: 30, fixed: null, enabled: 1 },
        { key: 'receipt', label: '收款', days: 90, fixed: null, enabled: 1 },
      ]);
    });

    it('refuses days for the fixed-date rule, days out of 1–730, an unknown rule', async () => {
      const fixed = await call('PUT', '/api/deadline/rules/drawback', { days: 30 });
      expect(fixed.statusCode).toBe(422);
      expect(fixed.json().message).toBe('该期限为固定日期，不能修改天数');
      expect(fixed.json().data.errors.days).toEqual(['该期限为固定日期，不能修改天数']);
      for (const days of [0, 731, 1.5, 'x']) {
        const refused = await call('PUT', '/api/deadline/rules/entry', { days });
        expect(refused.statusCode).toBe(422);
        expect(refused.json().data.errors.days).toEqual(['天数须为1至730之间的整数']);
      }
      expect((await call('PUT', '/api/deadline/rules/entry', { enabled: 2 })).statusCode).toBe(422);
      expect((await call('PUT', '/api/deadline/rules/entry', {})).statusCode).toBe(422);
      expect((await call('PUT', '/api/deadline/rules/nothing', { days: 3 })).statusCode).toBe(404);
      // The fixed-date rule can still be turned off and on.
      expect((await call('PUT', '/api/deadline/rules/drawback', { enabled: 0 })).json().data.enabled).toBe(0);
      expect((await call('PUT', '/api/deadline/rules/drawback', { enabled: 1 })).json().data.enabled).toBe(1);
    });

    it("new days move the open deadlines' due days at once and go into the history; a rule turned off hides its rows", async () => {
      const car = await newCar('purchase');
      await handOver('purchase', car.purchaseId);
      const vin = (await t.db.selectFrom('vehicles').select('vin').where('id', '=', car.id).executeTakeFirstOrThrow())
        .vin;
      const saved = await call('PUT', '/api/deadline/rules/entry', { days: 3 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toEqual({ key: 'entry', label: '入库', days: 3, fixed: null, enabled: 1 });
      expect((await clocks(car.id)).entry?.due_on).toBe(addDays(day, 3));
      const listed = await call('GET', `/api/deadline?vin=${vin}`);
      expect(listed.json().data.data).toEqual([
        expect.objectContaining({
          vehicle_id: car.id,
          vin,
          key: 'entry',
          label: '入库',
          due_on: addDays(day, 3),
          days_left: 3,
          balance: null,
          currency: null,
        }),
      ]);
      const history = await call('GET', '/api/history?entity=deadline_rule&id=entry');
      expect(history.json().data.data[0]).toMatchObject({
        action: 'update',
        entity: 'deadline_rule',
        entity_id: 'entry',
      });

      await call('PUT', '/api/deadline/rules/entry', { enabled: 0 });
      expect((await call('GET', `/api/deadline?vin=${vin}`)).json().data.data).toEqual([]);
      expect((await clocks(car.id)).entry).toBeDefined();
      await call('PUT', '/api/deadline/rules/entry', { enabled: 1, days: 7 });
      expect((await call('GET', `/api/deadline?vin=${vin}`)).json().data.data[0]?.due_on).toBe(addDays(day, 7));
    });
  });
});
