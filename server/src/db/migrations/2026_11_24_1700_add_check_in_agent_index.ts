import type { Kysely } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * The pickup list's agent filter finds one agent's check-ins newest vehicle first (`dl_name in (…)
 * order by vehicle_id desc`) and counts them: on `(dl_name, vehicle_id)` both come from the index
 * alone, in order. It also serves the walk over the agents' distinct names (db/few-values.ts), which
 * needs only the leading column, so it replaces the index on `dl_name` alone.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('check_ins_dl_name_vehicle_index')
    .on('check_ins')
    .columns(['dl_name', 'vehicle_id'])
    .execute();
  await db.schema.dropIndex('check_ins_dl_name_index').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('check_ins_dl_name_index').on('check_ins').column('dl_name').execute();
  await db.schema.dropIndex('check_ins_dl_name_vehicle_index').execute();
}
