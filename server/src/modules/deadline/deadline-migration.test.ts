import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database';
import { createDatabase, type Db } from '../../db/database';
import { migrateToLatest, migrations } from '../../db/migrate';
import { addDays, dayOf, today } from '../../lifecycle/deadline-clock';

const MIGRATION = '2026_11_27_1400_create_deadlines';
const UP_TO = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < MIGRATION));
// 2026-11-20 09:00 in Shanghai is 01:00 UTC: the day is the server zone's.
const handedOver = '2026-11-20T01:00:00.000Z';
const platedAt = '2026-11-10T17:00:00.000Z';

/**
 * Migration 2026_11_27_1400: the clocks of the vehicles and contracts already under way start on what
 * their records say (the purchase's hand-over, the plating's last save, the export date, the contract's
 * creation), else on the migration's day; finished work gets no clock.
 */
describe('the deadlines migration', () => {
  let testDb: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.config);
    await migrateToLatest(db, { migrations: UP_TO });
  });
  afterEach(async () => {
    await db.destroy();
    await testDb.cleanup();
  });

  it('starts the running clocks from the records, or from the migration day', async () => {
    const order = async (orderNo: string, total: number, receiptTotal: number, created: string) =>
      (
        await db
          .insertInto('orders')
          .values({
            order_no: orderNo,
            customer_name: '客户',
            amount: 1,
            total,
            receipt_total: receiptTotal,
            created_at: created,
            updated_at: created,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const unpaid = await order('HW-M-1', 100_00, 40_00, '2026-10-01T02:00:00.000Z');
    await order('HW-M-2', 100_00, 100_00, '2026-10-01T02:00:00.000Z');
    const purchase = (
      await db
        .insertInto('purchases')
        .values({
          purchase_no: 'CG-M-1',
          type: 1,
          customer_name: '卖方',
          amount: 1,
          total: 1,
          handed_over: 1,
          handed_over_at: handedOver,
          created_at: handedOver,
          updated_at: handedOver,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    let serial = 0;
    const vehicle = async (values: Record<string, unknown>) => {
      serial += 1;
      return (
        await db
          .insertInto('vehicles')
          .values({
            vin: `LMIGD${String(serial).padStart(12, '0')}`,
            order_id: unpaid,
            created_at: handedOver,
            updated_at: handedOver,
            ...values,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const atYard = await vehicle({ flow: 'pickup', purchase_id: purchase });
    const checkedIn = await vehicle({ flow: 'pickup', purchase_id: purchase, entry: 2 });
    const atRegistry = await vehicle({ flow: 'registry', entry: 2 });
    const plated = await vehicle({ flow: 'registry', entry: 2, plate: 2 });
    await db
      .insertInto('platings')
      .values({ vehicle_id: plated, created_at: platedAt, updated_at: platedAt })
      .execute();
    const exported = await vehicle({ flow: 'filing', entry: 2, plate: 2, release: 2, exports: 2, drawback: 2 });
    const declaration = (
      await db
        .insertInto('export_declarations')
        .values({ order_id: unpaid, exports_date: '2026-12-31', created_at: handedOver, updated_at: handedOver })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('export_declaration_vehicles')
      .values({ export_declaration_id: declaration, vehicle_id: exported })
      .execute();
    const complete = await vehicle({
      flow: 'filing',
      entry: 2,
      plate: 2,
      release: 2,
      exports: 2,
      drawback: 2,
      archive: 2,
      freight: 2,
    });

    await migrateToLatest(db);

    const day = today();
    const rows = await db
      .selectFrom('deadlines')
      .select(['vehicle_id', 'order_id', 'key', 'started_on', 'due_on', 'closed_on'])
      .orderBy('id')
      .execute();
    const of = (id: number | null, key: string) =>
      rows.find((row) => row.vehicle_id === id && row.key === key && (id !== null || row.order_id === unpaid));
    expect(of(atYard, 'entry')).toMatchObject({ started_on: '2026-11-20', due_on: '2026-11-27', closed_on: null });
    expect(rows.filter((row) => row.vehicle_id === checkedIn)).toEqual([]);
    expect(of(atRegistry, 'registry')).toMatchObject({ started_on: day, due_on: addDays(day, 15) });
    // The plating's last save, 01:00 on 11 November in Shanghai.
    expect(of(plated, 'temp_plate')).toMatchObject({
      started_on: dayOf(platedAt),
      due_on: addDays(dayOf(platedAt), 30),
    });
    expect(of(plated, 'registry')).toBeUndefined();
    expect(of(exported, 'archive')).toMatchObject({ started_on: '2026-12-31', due_on: '2027-01-30' });
    expect(of(exported, 'freight')).toMatchObject({ started_on: '2026-12-31', due_on: '2027-01-30' });
    // Its tax refund is recorded: no clock.
    expect(of(exported, 'drawback')).toBeUndefined();
    expect(rows.filter((row) => row.vehicle_id === complete)).toEqual([]);
    expect(of(null, 'receipt')).toMatchObject({
      vehicle_id: null,
      order_id: unpaid,
      started_on: '2026-10-01',
      due_on: '2026-12-30',
    });
    expect(rows.filter((row) => row.key === 'receipt')).toHaveLength(1);
    expect(rows.every((row) => row.closed_on === null)).toBe(true);

    // The rules, seeded with DOMAIN.md's defaults.
    const rules = await db.selectFrom('deadline_rules').select(['key', 'days', 'enabled']).orderBy('key').execute();
    expect(Object.fromEntries(rules.map((rule) => [rule.key, [Number(rule.days), Number(rule.enabled)]]))).toEqual({
      archive: [30, 1],
      drawback: [0, 1],
      entry: [7, 1],
      freight: [30, 1],
      receipt: [90, 1],
      registry: [15, 1],
      release: [15, 1],
      temp_plate: [30, 1],
    });

    // A car moved to another contract takes its deadlines along (the trigger).
    const other = await order('HW-M-3', 1, 0, handedOver);
    await db.updateTable('vehicles').set({ order_id: other }).where('id', '=', exported).execute();
    const moved = await db.selectFrom('deadlines').select('order_id').where('vehicle_id', '=', exported).execute();
    expect(moved.map((row) => row.order_id)).toEqual([other, other]);
  });
});
