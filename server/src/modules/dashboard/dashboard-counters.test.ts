import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardCounts, ProcedureStatistics } from '../../../../contract/dashboard';
import { type Flow, type RecordDocuments, type Stage, stageTable } from '../../../../contract/stage';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { createVehicle, loggedInStaff } from '../../../../tests/helpers/factories';
import { caller, carLine, orderForm, uploadOverseasFiles, vin } from '../../../../tests/helpers/overseas';
import { purchaseCar, purchaseForm, uploadPurchaseFiles } from '../../../../tests/helpers/purchase';
import { createTestDatabase } from '../../../../tests/helpers/test-database';
import { createDatabase, type Db } from '../../db/database';
import { migrations } from '../../db/migrate';
import { handOverPurchases, type HandOverKind } from '../../lifecycle/hand-over';
import { saveStageRecord } from '../../lifecycle/stage-record';
import { readCounters } from '../../platform/counters/counters.repository';
import { addDays, today } from '../../lifecycle/deadline-clock';

/*
 * The oracle: the full recount the dashboard used to run on every call (before issue 9), and the
 * procedureStatistics recount built from the stage table. After every kind of change the counters
 * kept by the triggers must equal it.
 */
const reached = (stage: string) => sql<number>`count(case when ${sql.ref(stage)} > 0 then 1 end)`;

const recountDashboard = async (db: Db): Promise<DashboardCounts> => {
  const vehicles = await db
    .selectFrom('vehicles')
    .select([
      reached('entry').as('carEntry'),
      reached('release').as('carRelease'),
      reached('plate').as('carPlate'),
      reached('transfer').as('carTransfer'),
      reached('exports').as('carExports'),
      reached('drawback').as('carDrawback'),
      reached('freight').as('carFreight'),
      reached('archive').as('carArchive'),
      sql<number>`count(case when drawback = 2 and archive = 2 and freight = 2 then 1 end)`.as('carComplete'),
    ])
    .executeTakeFirstOrThrow();
  const orders = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const purchases = await db
    .selectFrom('purchases')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  // The deadlines' counts, worked out row by row from the open deadlines of rules that are on.
  const day = today();
  const open = await db
    .selectFrom('deadlines')
    .innerJoin('deadline_rules', 'deadline_rules.key', 'deadlines.key')
    .select('deadlines.due_on')
    .where('deadlines.closed_on', 'is', null)
    .where('deadline_rules.enabled', '=', 1)
    .execute();
  return {
    orderNum: Number(orders.count),
    purchaseNum: Number(purchases.count),
    ...(Object.fromEntries(Object.entries(vehicles).map(([key, value]) => [key, Number(value)])) as Omit<
      DashboardCounts,
      'orderNum' | 'purchaseNum' | 'overdue' | 'dueSoon'
    >),
    overdue: open.filter((row) => row.due_on < day).length,
    dueSoon: open.filter((row) => row.due_on >= day && row.due_on <= addDays(day, 7)).length,
  };
};

/**
 * Where each stage's vehicles wait (DOMAIN.md) and the flows, written out: the recount that checks the
 * triggers must not take them from the table the triggers were built from.
 */
const STAGE_FLOW: Record<Stage, Flow> = {
  entry: 'pickup',
  plate: 'registry',
  release: 'release',
  transfer: 'registry',
  exports: 'release',
  drawback: 'filing',
  archive: 'filing',
  freight: 'filing',
};
const STAGES = Object.keys(STAGE_FLOW) as Stage[];
const FLOWS: Flow[] = ['purchase', 'pickup', 'registry', 'release', 'filing'];

const recountWaiting = async (db: Db): Promise<ProcedureStatistics> => {
  const counts: Partial<ProcedureStatistics> = {};
  for (const stage of STAGES) {
    const row = await db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('flow', '=', STAGE_FLOW[stage])
      .where(stage, '=', 0)
      .executeTakeFirstOrThrow();
    counts[stage] = Number(row.count);
  }
  return counts as ProcedureStatistics;
};

/** Vehicles per flow (`flow.<flow>`, migration 2026_11_24_1600): the lists' unfiltered totals. */
const recountFlows = async (db: Db): Promise<Record<string, number>> => {
  const rows = await db
    .selectFrom('vehicles')
    .select((eb) => ['flow', eb.fn.countAll<number>().as('count')])
    .where('flow', 'is not', null)
    .groupBy('flow')
    .execute();
  const counted = new Map(rows.map((row) => [row.flow, Number(row.count)]));
  return Object.fromEntries(FLOWS.map((flow) => [`flow.${flow}`, counted.get(flow) ?? 0]));
};

/** Per contract, its vehicles in filing and those lacking each filing stage (`order_filing`, the filed list's). */
const recountOrderFiling = async (db: Db) => {
  const lacking = (stage: string) => sql<number>`sum(case when ${sql.ref(stage)} < 2 then 1 else 0 end)`;
  const rows = await db
    .selectFrom('vehicles')
    .select((eb) => [
      'order_id',
      eb.fn.countAll<number>().as('vehicles'),
      lacking('drawback').as('lacking_drawback'),
      lacking('archive').as('lacking_archive'),
      lacking('freight').as('lacking_freight'),
    ])
    .where('flow', '=', 'filing')
    .where('order_id', 'is not', null)
    .groupBy('order_id')
    .orderBy('order_id')
    .execute();
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])));
};

const orderFilingRows = async (db: Db) => {
  const rows = await db
    .selectFrom('order_filing')
    .selectAll()
    // A contract whose last filing vehicle left keeps a row of zeros: the list reads `vehicles > 0`.
    .where((eb) =>
      eb.or([
        eb('vehicles', '<>', 0),
        eb('lacking_drawback', '<>', 0),
        eb('lacking_archive', '<>', 0),
        eb('lacking_freight', '<>', 0),
      ]),
    )
    .orderBy('order_id')
    .execute();
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])));
};

const flowCounters = async (db: Db): Promise<Record<string, number>> => {
  const counters = await readCounters(db);
  return Object.fromEntries(FLOWS.map((flow) => [`flow.${flow}`, counters.get(`flow.${flow}`) ?? Number.NaN]));
};

const actor = { userId: null, ip: '127.0.0.1', requestId: 'dashboard-counters-test' };
const doc = (name: string) => `/storage/document/${name}.pdf`;
const photo = (name: string) => `/storage/image/${name}.jpg`;
const LGB = (n: number) => vin(n, 'LGB');

const plateDocuments = (count: number): RecordDocuments =>
  Object.fromEntries(
    ['xsz_image', 'djz_image', 'lp_image', 'fp_image', 'hgz_image', 'ycxzs_image', 'hbqd_image', 'bx_image']
      .slice(0, count)
      .map((field, index) => [field, doc(`plate-${index}`)]),
  );
const transferDocuments: RecordDocuments = Object.fromEntries(
  ['djz_image', 'lp_image', 'usedcar_invoices_image', 'zzs_invoices_image', 'xsz_image'].map((field) => [
    field,
    doc(field),
  ]),
);
const releaseDocuments: RecordDocuments = { fxt_image: photo('fxt'), lc_image: photo('lc') };
const exportDocuments: RecordDocuments = {
  xkz_image: doc('xkz'),
  bgzl_image: doc('bgzl'),
  bgd_image: doc('bgd'),
  td_image: doc('td'),
};

describe('dashboard and procedureStatistics counters', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let checks = 0;

  beforeEach(async () => {
    t = await buildTestApp();
    call = caller(t.app, (await loggedInStaff(t.app)).token);
    checks = 0;
  });

  afterEach(async () => {
    await t.close();
  });

  /** Both endpoints answer exactly the full recount; `expected` pins a figure the step must have moved. */
  const matchesRecount = async (step: string, expected: Partial<DashboardCounts & ProcedureStatistics> = {}) => {
    checks += 1;
    const dashboard = await call('GET', '/api/dashboard');
    const waiting = await call('GET', '/api/car/procedureStatistics');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({ code: 200, message: '操作成功' });
    const counters = { ...dashboard.json().data, ...waiting.json().data };
    const recount = { ...(await recountDashboard(t.db)), ...(await recountWaiting(t.db)) };
    expect(counters, step).toEqual(recount);
    expect(counters, step).toMatchObject(expected);
    expect(await flowCounters(t.db), step).toEqual(await recountFlows(t.db));
    expect(await orderFilingRows(t.db), step).toEqual(await recountOrderFiling(t.db));
  };

  const vehicleId = async (vinText: string) =>
    (await t.db.selectFrom('vehicles').select('id').where('vin', '=', vinText).executeTakeFirstOrThrow()).id;
  const save = (stage: Stage, vehicleIds: number[], documents: RecordDocuments, more: object = {}) =>
    saveStageRecord(t.db, actor, { stage, vehicleIds, fields: {}, documents, ...more });
  const handOver = (kind: HandOverKind, purchaseId: number) =>
    t.db.transaction().execute((trx) => handOverPurchases(trx, actor, kind, [purchaseId]));

  it('equal a full recount after every kind of change, from an empty database to deletes', async () => {
    await matchesRecount('empty', { orderNum: 0, carEntry: 0, entry: 0 });

    const overseasFiles = await uploadOverseasFiles(t.app, (await loggedInStaff(t.app)).token);
    const purchaseFiles = await uploadPurchaseFiles(t.app, (await loggedInStaff(t.app)).token);

    // An overseas contract with cars: a contract, vehicles without a flow (nothing waiting yet).
    const created = await call(
      'POST',
      '/api/order',
      orderForm(overseasFiles, { amount: 3, cars: [carLine(vin(1)), carLine(vin(2)), carLine(vin(3))] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json().data.id as number;
    await matchesRecount('overseas contract', { orderNum: 1, entry: 0 });

    // A purchase contract with cars: two of the overseas contract's and one of its own.
    const bought = await call(
      'POST',
      '/api/purchase',
      purchaseForm(purchaseFiles, {
        order_id: orderId,
        amount: 3,
        car: [purchaseCar(vin(1)), purchaseCar(vin(2)), purchaseCar(LGB(3))],
      }),
    );
    expect(bought.statusCode, bought.body).toBe(201);
    const purchaseId = bought.json().data.id as number;
    await matchesRecount('purchase contract', { purchaseNum: 1 });

    // Hand-over to the yard (HTTP): three vehicles wait for their check-in.
    expect((await call('PUT', `/api/purchase/${purchaseId}/handOver`)).statusCode).toBe(200);
    await matchesRecount('hand-over to the yard', { entry: 3 });

    const [a, b, c] = [await vehicleId(vin(1)), await vehicleId(vin(2)), await vehicleId(LGB(3))];
    const checkIn = { vin_image: photo('v'), wg_image: photo('w'), car_image: [photo('o')] };
    await save('entry', [a], checkIn, { fields: { dl_name: '张三' } });
    await save('entry', [b], checkIn, { fields: { dl_name: '张三' } });
    await matchesRecount('check-ins', { carEntry: 2, entry: 1 });

    // Checked-in vehicles go to the registry; the third needs no check-in.
    await handOver('entry', purchaseId);
    await matchesRecount('hand-over to the registry', { entry: 1, plate: 2, transfer: 2 });
    await handOver('noEntry', purchaseId);
    await matchesRecount('no check-in', { entry: 0, plate: 3, transfer: 3 });

    await save('plate', [a], plateDocuments(4));
    await save('transfer', [b], transferDocuments);
    const platingOfC = await save('plate', [c], plateDocuments(8));
    await matchesRecount('plating and transfer', { carPlate: 2, carTransfer: 1, plate: 1, transfer: 2 });

    // A stage value going back: the plating of c loses documents (2 → 1).
    await save('plate', [c], plateDocuments(2), { recordId: platingOfC.id });
    await matchesRecount('plating edited with fewer documents', { carPlate: 2 });

    await handOver('transfer', purchaseId);
    await matchesRecount('hand-over to release', { plate: 0, release: 3, exports: 3 });
    const pass = await save('release', [a, b, c], releaseDocuments);
    await matchesRecount('release pass', { carRelease: 3, release: 0 });
    // Stage value going back to 0: an edit drops c from the pass.
    await save('release', [a, b], releaseDocuments, { recordId: pass.id });
    await matchesRecount('release pass edited without c', { carRelease: 2, release: 1 });
    await save('exports', [a, b], exportDocuments, { fields: { order_id: orderId } });
    await matchesRecount('export declaration', { carExports: 2, exports: 1 });

    await handOver('release', purchaseId);
    await matchesRecount('hand-over to filing', { drawback: 2, archive: 2, freight: 2 });
    await save('drawback', [a, b], {}, { fields: { order_id: orderId } });
    await save('archive', [a], { zxzm_image: doc('zxzm') }, { fields: { order_id: orderId } });
    await save('freight', [a], { yffp_image: doc('fp'), yffkd_image: doc('fkd') }, { fields: { order_id: orderId } });
    await matchesRecount('filed', { carDrawback: 2, carArchive: 1, carFreight: 1, carComplete: 1, drawback: 0 });

    // VIN correction changes the one row, and no figure.
    const corrected = await call('POST', '/api/car/vinAlter', { vinOld: vin(1), vinNew: vin(9, 'WDD') });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await matchesRecount('VIN correction', { carComplete: 1 });

    // Detaching the overseas contract's car no purchase holds.
    expect((await call('PUT', `/api/car/detach/${await vehicleId(vin(3))}`, { model: 'order' })).statusCode).toBe(204);
    await matchesRecount('detach from the overseas contract');

    // A second purchase contract, not handed over: a car detached from it, then the contract deleted.
    const second = await call(
      'POST',
      '/api/purchase',
      purchaseForm(purchaseFiles, {
        purchase_no: 'CG-2026-002',
        amount: 3,
        car: [purchaseCar(LGB(7)), purchaseCar(LGB(8)), purchaseCar(LGB(9))],
      }),
    );
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json().data.id as number;
    expect((await call('PUT', `/api/purchase/${secondId}/handOver`)).statusCode).toBe(200);
    await matchesRecount('second purchase handed over', { purchaseNum: 2, entry: 3 });
    const third = await call(
      'POST',
      '/api/purchase',
      purchaseForm(purchaseFiles, {
        purchase_no: 'CG-2026-003',
        amount: 2,
        car: [purchaseCar(vin(5, 'LFV')), purchaseCar(vin(6, 'LFV'))],
      }),
    );
    expect(third.statusCode, third.body).toBe(201);
    const thirdId = third.json().data.id as number;
    expect(
      (await call('PUT', `/api/car/detach/${await vehicleId(vin(5, 'LFV'))}`, { model: 'purchase' })).statusCode,
    ).toBe(204);
    await matchesRecount('detach from a purchase contract', { purchaseNum: 3 });

    // Deleting a purchase contract with cars (the detached one is gone with its line).
    expect((await call('DELETE', `/api/purchase/${thirdId}`)).statusCode).toBe(204);
    await matchesRecount('purchase contract with cars deleted', { purchaseNum: 2 });

    // Writes no service makes yet (an import, a bulk correction): the triggers count them too.
    const direct = await createVehicle(t.db, {
      flow: 'filing',
      order_id: orderId,
      drawback: 2,
      archive: 2,
      freight: 2,
      entry: 1,
    });
    await createVehicle(t.db, { flow: 'registry' });
    await matchesRecount('rows written directly', { carComplete: 2 });
    await t.db.updateTable('vehicles').set({ freight: 1 }).where('flow', '=', 'filing').execute();
    await matchesRecount('several rows in one statement', { carComplete: 0 });
    // A filing vehicle taken off its contract and put back (the filed list's per-contract figures follow).
    await t.db.updateTable('vehicles').set({ order_id: null }).where('id', '=', direct).execute();
    await matchesRecount('a filing vehicle off its contract');
    await t.db.updateTable('vehicles').set({ order_id: orderId }).where('id', '=', direct).execute();
    await matchesRecount('a filing vehicle back on its contract');
    await t.db.deleteFrom('vehicles').where('flow', '=', 'registry').execute();
    await t.db.deleteFrom('vehicles').where('id', '=', direct).execute();
    await matchesRecount('rows deleted directly');

    expect(checks).toBe(25);
  });

  it('stay exact when clerks save stage records at the same time', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => createVehicle(t.db, { flow: 'pickup' })));
    const checkIn = { vin_image: photo('v'), wg_image: photo('w'), car_image: [photo('o')] };
    await Promise.all(ids.map((id) => save('entry', [id], checkIn)));
    await matchesRecount('simultaneous check-ins', { carEntry: 8, entry: 0 });
  });

  it('a failed change leaves the counters as they were (same transaction)', async () => {
    await createVehicle(t.db, { flow: 'pickup' });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable('vehicles').set({ entry: 2 }).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await matchesRecount('rolled back', { carEntry: 0, entry: 1 });
  });
});

describe('the counters migration', () => {
  it('was built from this stage → flow table: changing a flow needs a new migration that recreates the triggers', () => {
    // The triggers of 2026_11_24_1100 read contract/stage.ts once, when they are created; a database
    // migrated before a change would keep counting by the old flows.
    expect(Object.fromEntries(STAGES.map((stage) => [stage, stageTable[stage].flow]))).toEqual(STAGE_FLOW);
  });

  it('fills the counters from the rows already there', async () => {
    const testDb = await createTestDatabase();
    const db = createDatabase(testDb.config);
    try {
      const names = Object.keys(migrations);
      const previous = names[names.indexOf('2026_11_24_1100_create_stage_counters') - 1] ?? '';
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(previous)).error).toBeUndefined();
      const at = new Date().toISOString();
      const order = await db
        .insertInto('orders')
        .values({ order_no: 'HW-1', customer_name: '客户', amount: 1, total: 1, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const existing: NonNullable<Parameters<typeof createVehicle>[1]>[] = [
        { flow: 'pickup' },
        { flow: 'registry', entry: 2 },
        { flow: 'filing', entry: 2, plate: 2, release: 2, exports: 2, drawback: 2, archive: 2, freight: 2 },
        { flow: 'filing', order_id: order.id, exports: 2, drawback: 2, freight: 1 },
        { flow: 'release', entry: 2, transfer: 1 },
      ];
      for (const [index, values] of existing.entries()) {
        await createVehicle(db, { vin: vin(index + 1, 'LMG'), ...values });
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const rows = await db
        .selectFrom('stage_counters')
        .select((eb) => ['name', eb.fn.sum<number | string>('count').as('count')])
        .groupBy('name')
        .execute();
      const counters = Object.fromEntries(rows.map((row) => [row.name, Number(row.count)]));
      // The deadline counts are read from the deadlines, not kept as counters.
      const { overdue: _overdue, dueSoon: _dueSoon, ...recount } = await recountDashboard(db);
      const waiting = await recountWaiting(db);
      expect(counters).toEqual({
        ...recount,
        ...Object.fromEntries(STAGES.map((stage) => [`waiting.${stage}`, waiting[stage]])),
        ...(await recountFlows(db)),
      });
      expect(counters).toMatchObject({
        orderNum: 1,
        carEntry: 3,
        carComplete: 1,
        'waiting.entry': 1,
        'flow.pickup': 1,
        'flow.registry': 1,
        'flow.purchase': 0,
      });
      // The filed list's per-contract figures (2026_11_24_1900), from the same rows.
      expect(await orderFilingRows(db)).toEqual([
        { order_id: order.id, vehicles: 1, lacking_drawback: 0, lacking_archive: 1, lacking_freight: 1 },
      ]);
      expect(await orderFilingRows(db)).toEqual(await recountOrderFiling(db));
    } finally {
      await db.destroy();
      await testDb.cleanup();
    }
  });
});
