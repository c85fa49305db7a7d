import type { Kysely } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * The pickup list's 待出库 filter (`release_status=0`) asks for the listed vehicles whose release value
 * is still 0: a few among the 500,000 of a company whose vehicles are mostly long released. Without an
 * index on the value it read every listed vehicle; with `(release, id)` it reads the waiting ones,
 * newest first, as the list pages them.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('vehicles_release_index').on('vehicles').columns(['release', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('vehicles_release_index').execute();
}
