import { type Kysely, sql } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * The release list (`GET /api/car/exportsLists`, issue 11) pages the overseas contracts of the vehicles
 * waiting in the release flow, newest contract first, then reads those contracts' vehicles. At a
 * company the release flow holds a few thousand of 500,000 vehicles; the flow index alone would make
 * each page look every one of them up for its contract and sort them. This partial index holds exactly
 * those vehicles by contract, so a page of contracts (and their count) is read from the index alone, and
 * the vehicles of no contract (未关联) are its `order_id is null` end. The condition is a literal, as
 * the repository writes it (`sql.lit`): both planners match a partial index only against constants.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index vehicles_release_list_index on vehicles (order_id, id) where flow = ${sql.lit('release')}`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('vehicles_release_list_index').execute();
}
