import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utils } from 'xlsx';
import type { DeadlineKey, DeadlineRow } from '../../../../contract/deadline';
import type { Flow } from '../../../../contract/stage';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { exportSheet, rowsOf } from '../../../../tests/helpers/export-sheet';
import { createVehicle, loggedInStaff } from '../../../../tests/helpers/factories';
import { caller } from '../../../../tests/helpers/overseas';
import { addDays, today } from '../../lifecycle/deadline-clock';

/*
 * GET /api/deadline and its export (API.md "Beyond the seeds"): open deadlines of rules that are on,
 * overdue first (by due day), filtered by state, rule, contract number and VIN, 15 a page; the
 * dashboard's two counts; the work lists' tags and the vehicle file. The deadlines are arranged as rows
 * (their clocks are tested in deadline.test.ts).
 */
describe('the deadline list, its export, the dashboard counts and the tags', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  const day = today();
  const at = new Date().toISOString();
  let orderA: number;
  let orderB: number;
  const vins: string[] = [];
  const vehicleIds: number[] = [];
  let soonVehicle: number;
  let filedVehicle: number;

  const newOrder = async (orderNo: string, total: number) =>
    (
      await t.db
        .insertInto('orders')
        .values({
          order_no: orderNo,
          customer_name: '客户',
          amount: 1,
          total,
          currency: 'CNY',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const clock = (
    vehicleId: number | null,
    orderId: number | null,
    key: DeadlineKey,
    dueOn: string,
    closedOn: string | null = null,
  ) =>
    t.db
      .insertInto('deadlines')
      .values({
        vehicle_id: vehicleId,
        order_id: orderId,
        key,
        started_on: addDays(dueOn, -7),
        due_on: dueOn,
        closed_on: closedOn,
      })
      .execute();
  let purchaseId: number | null = null;
  const car = async (n: number, orderId: number, flow: Flow) => {
    const vin = `LDLST${String(n).padStart(12, '0')}`;
    // The registry's 新车 tab lists the cars of new-car purchase contracts.
    purchaseId ??= (
      await t.db
        .insertInto('purchases')
        .values({
          purchase_no: 'CG-DL-1',
          type: 1,
          order_id: orderB,
          customer_name: '卖方',
          amount: 1,
          total: 1,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const id = await createVehicle(t.db, { vin, order_id: orderId, purchase_id: purchaseId, flow });
    return { vin, id };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    call = caller(t.app, (await loggedInStaff(t.app)).token);
    orderA = await newOrder('HW-DLA-001', 500_00);
    orderB = await newOrder('HW-DLB-002', 300_00);
    // 17 cars at the yard, overdue by 1 to 17 days, on contract A.
    for (let n = 1; n <= 17; n += 1) {
      const { vin, id } = await car(n, orderA, 'pickup');
      vins.push(vin);
      vehicleIds.push(id);
      await clock(id, orderA, 'entry', addDays(day, -n));
    }
    // Due today, in 3 and in 7 days (due soon), in 8 days (not yet shown), on contract B.
    const soon = await car(20, orderB, 'registry');
    soonVehicle = soon.id;
    await clock(soon.id, orderB, 'registry', day);
    await clock(soon.id, orderB, 'temp_plate', addDays(day, 3));
    await clock((await car(21, orderB, 'registry')).id, orderB, 'registry', addDays(day, 7));
    await clock((await car(22, orderB, 'registry')).id, orderB, 'registry', addDays(day, 8));
    // Closed while overdue: never listed.
    await clock((await car(23, orderB, 'registry')).id, orderB, 'registry', addDays(day, -30), addDays(day, -29));
    // Contract B's receipts are 40 days late.
    await clock(null, orderB, 'receipt', addDays(day, -40));
    const filed = await car(24, orderB, 'filing');
    filedVehicle = filed.id;
    await clock(filed.id, orderB, 'freight', addDays(day, 5));
    await clock(filed.id, orderB, 'drawback', addDays(day, 100));
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (query = '') => {
    const response = await call('GET', `/api/deadline${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      data: DeadlineRow[];
      meta: { total: number; page: number; limit: number };
      total: number;
    };
  };

  it('lists the open deadlines by due day, the overdue first, 15 a page', async () => {
    const first = await list();
    // 17 at the yard, the receipt, today, in 3, in 5 and in 7 days.
    expect(first.meta).toEqual({ total: 22, page: 1, limit: 15 });
    expect(first.total).toBe(22);
    expect(first.data).toHaveLength(15);
    expect(first.data[0]).toEqual({
      vehicle_id: null,
      order_id: orderB,
      vin: null,
      order_no: 'HW-DLB-002',
      key: 'receipt',
      label: '收款',
      started_on: addDays(day, -47),
      due_on: addDays(day, -40),
      days_left: -40,
      balance: '300.00',
      currency: 'CNY',
    });
    expect(first.data[1]).toMatchObject({
      vin: vins[16],
      order_no: 'HW-DLA-001',
      key: 'entry',
      label: '入库',
      days_left: -17,
      balance: null,
      currency: null,
    });
    const second = await list('?page=2');
    expect(second.data.map((row) => row.days_left)).toEqual([-3, -2, -1, 0, 3, 5, 7]);
    expect(second.meta).toEqual({ total: 22, page: 2, limit: 15 });
    const all = [...first.data, ...second.data];
    expect(all.map((row) => row.due_on)).toEqual([...all.map((row) => row.due_on)].sort());
  });

  it('filters by state, rule, contract number and VIN', async () => {
    const overdue = await list('?state=overdue&limit=100');
    expect(overdue.data).toHaveLength(18);
    expect(overdue.data.every((row) => row.days_left < 0)).toBe(true);
    const soon = await list('?state=soon');
    expect(soon.data.map((row) => [row.key, row.days_left])).toEqual([
      ['registry', 0],
      ['temp_plate', 3],
      ['freight', 5],
      ['registry', 7],
    ]);
    expect((await list('?key=temp_plate')).data.map((row) => row.vehicle_id)).toEqual([soonVehicle]);
    expect((await list('?order_no=DLB&limit=100')).data).toHaveLength(5);
    expect((await list('?order_no=DLA&state=soon')).data).toEqual([]);
    const byVin = await list(`?vin=${vins[4]?.slice(-6)}`);
    expect(byVin.data.map((row) => row.vin)).toEqual([vins[4]]);
    expect((await call('GET', '/api/deadline?state=late')).statusCode).toBe(422);
    expect((await call('GET', '/api/deadline?key=nothing')).statusCode).toBe(422);
  });

  it('exports the filtered list with Chinese headers, days as dates, the receipt balance as money', async () => {
    const sheet = await exportSheet(t, call, '/api/deadline/export?state=overdue&page=3', '到期提醒');
    expect(utils.sheet_to_json<string[]>(sheet, { header: 1 })[0]).toEqual([
      '期限',
      '车架号',
      '海外合同号',
      '起算日期',
      '到期日期',
      '剩余天数',
      '状态',
      '未收金额',
      '币种',
    ]);
    const rows = rowsOf(sheet);
    expect(rows).toHaveLength(18);
    expect(rows[0]).toMatchObject({
      期限: '收款',
      海外合同号: 'HW-DLB-002',
      剩余天数: -40,
      状态: '已逾期',
      未收金额: 300,
      币种: 'CNY',
    });
    expect(rows[1]).toMatchObject({ 期限: '入库', 车架号: vins[16], 剩余天数: -17 });
    const byVin = rowsOf(await exportSheet(t, call, `/api/deadline/export?vin=${vins[0]}`));
    expect(byVin.map((row) => row['车架号'])).toEqual([vins[0]]);
  });

  it('counts overdue and due-soon deadlines on the dashboard, without the rules that are off', async () => {
    const counts = async () =>
      (await call('GET', '/api/dashboard')).json().data as { overdue: number; dueSoon: number };
    expect(await counts()).toMatchObject({ overdue: 18, dueSoon: 4 });
    await call('PUT', '/api/deadline/rules/entry', { enabled: 0 });
    expect(await counts()).toMatchObject({ overdue: 1, dueSoon: 4 });
    expect((await list()).total).toBe(5);
    await call('PUT', '/api/deadline/rules/entry', { enabled: 1 });
    expect(await counts()).toMatchObject({ overdue: 18, dueSoon: 4 });
  });

  it('keeps the per-day counts equal to the open deadlines through closing, moving, reopening and deleting', async () => {
    const recount = async () => {
      const open = await t.db.selectFrom('deadlines').select('due_on').where('closed_on', 'is', null).execute();
      return {
        overdue: open.filter((row) => row.due_on < day).length,
        dueSoon: open.filter((row) => row.due_on >= day && row.due_on <= addDays(day, 7)).length,
      };
    };
    const counts = async () => {
      const data = (await call('GET', '/api/dashboard')).json().data as { overdue: number; dueSoon: number };
      return { overdue: data.overdue, dueSoon: data.dueSoon };
    };
    const [first, second] = vehicleIds;
    await t.db.updateTable('deadlines').set({ closed_on: day }).where('vehicle_id', '=', first!).execute();
    expect(await counts()).toEqual(await recount());
    await call('PUT', '/api/deadline/rules/entry', { days: 30 });
    expect(await counts()).toEqual(await recount());
    await t.db.updateTable('deadlines').set({ closed_on: null }).where('vehicle_id', '=', first!).execute();
    await t.db.deleteFrom('deadlines').where('vehicle_id', '=', second!).execute();
    expect(await counts()).toEqual(await recount());
    expect((await list('?limit=100')).total).toBe((await recount()).overdue + (await recount()).dueSoon);
    await call('PUT', '/api/deadline/rules/entry', { days: 7 });
  });

  it('tags each work list row with the most urgent open deadline its work ends, and the vehicle file with all', async () => {
    const pickup = (await call('GET', '/api/car/entryLists?limit=100')).json().data.data as {
      id: number;
      deadline: unknown;
    }[];
    expect(pickup.find((row) => row.id === vehicleIds[2])?.deadline).toEqual({
      key: 'entry',
      label: '入库',
      due_on: addDays(day, -3),
      days_left: -3,
    });
    const plates = (await call('GET', '/api/car/plateLists?type=1&limit=100')).json().data.data as {
      id: number;
      deadline: unknown;
    }[];
    expect(plates.find((row) => row.id === soonVehicle)?.deadline).toEqual({
      key: 'registry',
      label: '上牌/过户',
      due_on: day,
      days_left: 0,
    });
    const filed = (await call('GET', '/api/car/archiveLists?limit=100')).json().data.data as {
      car: { id: number; deadline: unknown }[];
    }[];
    const filedCar = filed.flatMap((card) => card.car).find((row) => row.id === filedVehicle);
    expect(filedCar?.deadline).toEqual({ key: 'freight', label: '运费', due_on: addDays(day, 5), days_left: 5 });
    // The release list: a car waiting for its declaration, its 出口报关 clock 2 days late.
    const waiting = await car(30, orderA, 'release');
    await clock(waiting.id, orderA, 'release', addDays(day, -2));
    await clock(waiting.id, orderA, 'temp_plate', addDays(day, 20));
    const groups = (await call('GET', '/api/car/exportsLists?limit=100')).json().data.data as {
      car: { id: number; deadline: unknown }[];
    }[];
    const released = groups.flatMap((group) => group.car).find((row) => row.id === waiting.id);
    expect(released?.deadline).toEqual({ key: 'release', label: '出口报关', due_on: addDays(day, -2), days_left: -2 });
    const file = (await call('GET', `/api/vehicle/${soonVehicle}/file`)).json().data;
    expect(file.deadlines).toEqual([
      { key: 'registry', label: '上牌/过户', due_on: day, days_left: 0 },
      { key: 'temp_plate', label: '临时牌照到期', due_on: addDays(day, 3), days_left: 3 },
    ]);
  });
});
