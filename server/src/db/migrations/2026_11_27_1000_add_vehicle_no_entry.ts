import { type Kysely, sql } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * A vehicle handed on to the registry with 免入库 (`noentry`) never needed a check-in: the vehicle file
 * (issue 23) shows its check-in as 免入库, not as missing, so the mark is kept on the vehicle (0/1).
 *
 * The vehicles handed on before this migration are found by what the hand-overs allow: the yard's
 * other way out (`entryHandOver`) requires a check-in, so a vehicle past the yard (registry, release or
 * filing) whose check-in value is still 0 left it with 免入库.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('vehicles')
    .addColumn('no_entry', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`no_entry in (0, 1)`),
    )
    .execute();
  await sql`update vehicles set no_entry = 1 where flow in ('registry', 'release', 'filing') and entry = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vehicles').dropColumn('no_entry').execute();
}
