import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database';
import { createDatabase, type Db } from '../../db/database';
import { migrateToLatest, migrations } from '../../db/migrate';
import { readCounter } from '../../platform/counters/counters.repository';

const at = '2026-11-22T01:02:03.456Z';
const MIGRATION = '2026_11_27_1000_add_vehicle_no_entry';
const BEFORE = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < MIGRATION));

/** Migration 2026_11_27_1000: the vehicles that left the yard with 免入库 before it are marked so. */
describe('the no_entry migration', () => {
  let testDb: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.config);
    await migrateToLatest(db, { migrations: BEFORE });
  });

  afterEach(async () => {
    await db.destroy();
    await testDb.cleanup();
  });

  it('marks the vehicles past the yard without a check-in, and no other', async () => {
    // [flow, entry value, marked after the migration]
    const cases = [
      [null, 0, 0],
      ['purchase', 0, 0],
      // Still at the yard: not handed on at all yet.
      ['pickup', 0, 0],
      ['pickup', 2, 0],
      // Past the yard without a check-in: only 免入库 lets a vehicle out so.
      ['registry', 0, 1],
      ['release', 0, 1],
      ['filing', 0, 1],
      // Checked in (the usual hand-over, or a check-in made afterwards): not marked.
      ['registry', 2, 0],
      ['release', 2, 0],
      ['filing', 2, 0],
    ] as const;
    // The old schema, as the migration finds it (`no_entry` is not a column yet).
    const old = db as unknown as Db;
    for (const [index, [flow, entry]] of cases.entries()) {
      await old
        .insertInto('vehicles')
        .values({ vin: `LSV${String(index).padStart(14, '0')}`, flow, entry, created_at: at, updated_at: at })
        .execute();
    }
    const waitingBefore = await readCounter(db, 'waiting.plate');

    await migrateToLatest(db);

    const rows = await db.selectFrom('vehicles').select(['flow', 'entry', 'no_entry']).orderBy('id').execute();
    expect(rows.map((row) => [row.flow, row.entry, row.no_entry])).toEqual(cases.map((row) => [...row]));
    // Marking a vehicle moves it nowhere: the counters the triggers keep are as they were.
    expect(await readCounter(db, 'waiting.plate')).toBe(waitingBefore);
    // New vehicles start unmarked.
    await db.insertInto('vehicles').values({ vin: 'LSV99999999999999', created_at: at, updated_at: at }).execute();
    expect(
      await db.selectFrom('vehicles').select('no_entry').where('vin', '=', 'LSV99999999999999').executeTakeFirst(),
    ).toEqual({ no_entry: 0 });
  });

  it('refuses a mark other than 0 or 1', async () => {
    await migrateToLatest(db);
    await expect(
      db
        .insertInto('vehicles')
        .values({ vin: 'LSV00000000000001', no_entry: 2 as 1, created_at: at, updated_at: at })
        .execute(),
    ).rejects.toThrow();
  });
});
