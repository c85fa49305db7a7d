import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database';
import { createDatabase, type Db } from './database';
import { isForeignKeyViolation, isUniqueViolation } from './errors';
import { migrateToLatest, migrations } from './migrate';

const at = '2026-11-22T01:02:03.456Z';
const stamps = { created_at: at, updated_at: at };

describe('migrations', () => {
  let testDb: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.config);
    await migrateToLatest(db);
  });

  afterEach(async () => {
    await db.destroy();
    await testDb.cleanup();
  });

  const insertUser = (username: string, deletedAt: string | null = null) =>
    db
      .insertInto('users')
      .values({
        username,
        nickname: '员工',
        phone_number: '13800000000',
        password_hash: 'x',
        deleted_at: deletedAt,
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  const insertOrder = (orderNo: string) =>
    db
      .insertInto('orders')
      .values({ order_no: orderNo, customer_name: '客户', amount: 2, total: 1_000_00, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();

  const insertVehicle = (vin: string, values: Record<string, unknown> = {}) =>
    db
      .insertInto('vehicles')
      .values({ vin, ...stamps, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();

  const failure = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error('expected the database to refuse the change');
  };

  it('runs every migration once and nothing the second time', async () => {
    expect(await migrateToLatest(db)).toEqual([]);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const applied = await migrator.getMigrations();
    expect(applied.map((migration) => migration.name)).toEqual(Object.keys(migrations));
    expect(applied.every((migration) => migration.executedAt instanceof Date)).toBe(true);
  });

  it('seeds the customer types 销外客户 1, 代理人 2 and (2026_11_27_1200) 供应商 3; the next one gets id 4', async () => {
    const types = await db
      .selectFrom('customer_types')
      .select(['id', 'name', 'status', 'kind'])
      .orderBy('id')
      .execute();
    expect(types).toEqual([
      { id: 1, name: '销外客户', status: 1, kind: 'customer' },
      { id: 2, name: '代理人', status: 1, kind: 'agent' },
      { id: 3, name: '供应商', status: 1, kind: 'seller' },
    ]);
    const added = await db
      .insertInto('customer_types')
      .values({ name: '国内卖家', ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(4);
  });

  it('keeps money above 2^31 fen and timestamps to the millisecond', async () => {
    const total = 25_000_000_000_00;
    const { id } = await db
      .insertInto('orders')
      .values({ order_no: 'BIG-1', customer_name: '客户', amount: 50, total, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.total).toBe(total);
    expect(row.updated_at).toBe(at);
    expect(row.currency).toBe('USD');
    expect(row.status).toBe(1);
    expect(JSON.parse(row.contracts)).toEqual([]);
  });

  it('refuses a second vehicle with the same VIN and a second contract with the same number', async () => {
    await insertVehicle('LSGAB1230RA200005');
    expect(isUniqueViolation(await failure(insertVehicle('LSGAB1230RA200005')))).toBe(true);
    await insertOrder('HW-001');
    expect(isUniqueViolation(await failure(insertOrder('HW-001')))).toBe(true);
    const purchase = {
      purchase_no: 'CG-001',
      type: 1 as const,
      customer_name: '卖家',
      amount: 1,
      total: 100,
      ...stamps,
    };
    await db.insertInto('purchases').values(purchase).execute();
    expect(isUniqueViolation(await failure(db.insertInto('purchases').values(purchase).execute()))).toBe(true);
  });

  it('enforces foreign keys', async () => {
    const error = await failure(insertVehicle('LSGAB1230RA200005', { order_id: 999 }));
    expect(isForeignKeyViolation(error)).toBe(true);
  });

  it('accepts only 0, 1 and 2 as stage values and only the known flows', async () => {
    await failure(insertVehicle('LSGAB1230RA200005', { entry: 3 }));
    await failure(insertVehicle('LSGAB1230RA200005', { flow: 'warehouse' }));
    const { id } = await insertVehicle('LSGAB1230RA200005', { flow: 'pickup', plate: 1 });
    const row = await db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ flow: 'pickup', plate: 1, entry: 0, freight: 0 });
  });

  it('keeps usernames unique among live accounts only', async () => {
    await insertUser('clerk', at);
    await insertUser('clerk');
    expect(isUniqueViolation(await failure(insertUser('clerk')))).toBe(true);
  });

  it('lets a vehicle appear in one release pass only', async () => {
    const { id: vehicleId } = await insertVehicle('LSGAB1230RA200005');
    const first = await db.insertInto('release_passes').values(stamps).returning('id').executeTakeFirstOrThrow();
    const second = await db.insertInto('release_passes').values(stamps).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('release_pass_vehicles').values({ release_pass_id: first.id, vehicle_id: vehicleId }).execute();
    const error = await failure(
      db.insertInto('release_pass_vehicles').values({ release_pass_id: second.id, vehicle_id: vehicleId }).execute(),
    );
    expect(isUniqueViolation(error)).toBe(true);
    // Deleting the record removes its links with it.
    await db.deleteFrom('release_passes').where('id', '=', first.id).execute();
    expect(await db.selectFrom('release_pass_vehicles').selectAll().execute()).toEqual([]);
  });

  it('can be rolled back completely', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(NO_MIGRATIONS);
    expect(error).toBeUndefined();
    const tables = await db.introspection.getTables();
    expect(tables.map((table) => table.name).filter((name) => !name.startsWith('kysely_'))).toEqual([]);
    expect(await sql`select 1 as one`.execute(db)).toMatchObject({ rows: [{ one: 1 }] });
  });
});
