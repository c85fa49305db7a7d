import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database';
import { createVehicle } from '../../../tests/helpers/factories';
import { vin } from '../../../tests/helpers/overseas';
import { createDatabase, type Db } from './database';
import { containsAmongFew, distinctValues } from './few-values';
import { migrateToLatest } from './migrate';

/*
 * The agent filter's walk over the distinct names (few-values.ts), on whichever database TEST_DB names:
 * the same rows as the plain `lower(…) like` scan, and the scan itself once the names are too many.
 */

const at = '2026-11-20T01:00:00.000Z';

describe('contains among a few distinct values', () => {
  let testDb: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.config);
    await migrateToLatest(db);
    const agents = ['王建国', '李强', 'Zhang Wei', '王建国', null, '赵师傅', 'zhang wei', '100%'];
    for (const [index, name] of agents.entries()) {
      const vehicleId = await createVehicle(db, { vin: vin(index + 1, 'LFV'), flow: 'pickup' });
      await db
        .insertInto('check_ins')
        .values({ vehicle_id: vehicleId, dl_name: name, created_at: at, updated_at: at })
        .execute();
    }
  });

  afterEach(async () => {
    await db.destroy();
    await testDb.cleanup();
  });

  const agentsOf = async (text: string) => {
    const rows = await db
      .selectFrom('check_ins')
      .select('dl_name')
      .where(await containsAmongFew(db, 'check_ins', 'dl_name', text))
      .orderBy('id')
      .execute();
    return rows.map((row) => row.dl_name);
  };

  it('walks each distinct value once, in index order, and gives up past the cap', async () => {
    const names = await distinctValues(db, 'check_ins', 'dl_name', 10);
    expect(new Set(names)).toEqual(new Set(['王建国', '李强', 'Zhang Wei', '赵师傅', 'zhang wei', '100%']));
    expect(names).toHaveLength(6);
    expect(await distinctValues(db, 'check_ins', 'dl_name', 6)).toHaveLength(6);
    expect(await distinctValues(db, 'check_ins', 'dl_name', 5)).toBeUndefined();
  });

  it('finds the rows whose value contains the text, ignoring case, the clerk’s % taken literally', async () => {
    expect(await agentsOf('王')).toEqual(['王建国', '王建国']);
    expect(await agentsOf('建国')).toEqual(['王建国', '王建国']);
    expect(await agentsOf('ZHANG')).toEqual(['Zhang Wei', 'zhang wei']);
    expect(await agentsOf('%')).toEqual(['100%']);
    expect(await agentsOf('钱')).toEqual([]);
  });
});
