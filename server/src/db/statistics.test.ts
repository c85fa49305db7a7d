import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database';
import { createDatabase, type Db } from './database';
import { migrateToLatest } from './migrate';
import { refreshStatisticsAfterChanges, refreshStatisticsAtStart } from './statistics';

const at = '2026-11-20T01:00:00.000Z';

describe('planner statistics', () => {
  let testDb: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.config);
  });

  afterEach(async () => {
    await db.destroy();
    await testDb.cleanup();
  });

  const vehiclesAnalysed = async (): Promise<boolean> => {
    if (testDb.kind === 'postgres') {
      const row = await sql<{ analysed: boolean }>`select last_analyze is not null as analysed
        from pg_stat_user_tables where relname = 'vehicles'`.execute(db);
      return row.rows[0]?.analysed === true;
    }
    const rows = await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 'vehicles'`.execute(db);
    return rows.rows.some((row) => row.idx === 'vehicles_order_id_index');
  };

  const addVehicles = () =>
    db
      .insertInto('vehicles')
      .values(
        Array.from({ length: 50 }, (_, index) => ({
          vin: `LSVAA2180E2${String(index).padStart(6, '0')}`,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();

  it('analyses the tables when the server starts after migrating, so the planner does not guess', async () => {
    const migrated = await migrateToLatest(db);
    await addVehicles();
    if (testDb.kind === 'sqlite') {
      // A new SQLite database has no statistics table before its first ANALYZE.
      const stat = await sql`select name from sqlite_master where name = 'sqlite_stat1'`.execute(db);
      expect(stat.rows).toEqual([]);
    }
    await refreshStatisticsAtStart(db, migrated);
    expect(await vehiclesAnalysed()).toBe(true);
    // The hourly refresh runs on a live database without failing.
    await refreshStatisticsAfterChanges(db);
  });

  it('leaves PostgreSQL to autovacuum when no migration ran', async () => {
    await migrateToLatest(db);
    await addVehicles();
    await refreshStatisticsAtStart(db, []);
    expect(await vehiclesAnalysed()).toBe(testDb.kind === 'sqlite');
  });
});
