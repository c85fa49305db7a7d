import { type Kysely, sql } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * The filed list (`GET /api/car/archiveLists`) pages the overseas contracts holding vehicles in filing,
 * newest contract first, and filters them by their vehicles' tax refund, deregistration and freight. At a
 * company most of 500,000 vehicles end in filing; this partial index holds exactly those, by contract,
 * with the three values: whether a contract holds a vehicle in filing, or one whose stage is incomplete,
 * is one seek into it that reads the index alone. The condition is a literal here and in the repository
 * (`sql.lit`): both planners match a partial index only against constants.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index vehicles_filing_order_index on vehicles (order_id, drawback, archive, freight) where flow = ${sql.lit('filing')} and order_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('vehicles_filing_order_index').execute();
}
