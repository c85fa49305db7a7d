import type { Kysely } from 'kysely';

/*
 * Frozen (see 2026_11_22_0900).
 *
 * A VIN correction keeps why it was made (API.md vinAlter `reason`, at most 200 characters, optional):
 * null for the corrections made before, and for those made without one.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vin_corrections').addColumn('reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vin_corrections').dropColumn('reason').execute();
}
