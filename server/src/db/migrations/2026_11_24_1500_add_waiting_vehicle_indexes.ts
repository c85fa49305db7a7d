import { type Kysely, sql } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * The VIN suggestion box opened before anything is typed (`GET /api/car/search?stage=`) lists the newest
 * vehicles that may take a step: in the step's flow, the step not done (or not complete). At a company
 * they are a few dozen among 500,000, yet a flow index or the primary key walked newest first reads
 * every vehicle of the flow that already took the step (26 ms on PostgreSQL for the filing steps, where
 * most vehicles end). One small partial index per step holds exactly the waiting vehicles, in id order (led by the flow, whose equality is what makes SQLite prefer it to the flow index; with the VIN, so the suggestions come from the index alone),
 * and is kept by the database as values and flows change. The conditions are written here as literals
 * and the repository writes them as literals too (`sql.lit`): both planners match a partial index only
 * against constants. They follow `stageCondition` in modules/vehicle/vehicle.repository.ts; changing one
 * needs a new migration.
 */
const WAITING = [
  ['entry', 'pickup', 'entry', 1],
  ['plate', 'registry', 'plate', 2],
  ['transfer', 'registry', 'transfer', 2],
  ['release', 'release', 'release', 1],
  ['exports', 'release', 'exports', 1],
  ['drawback', 'filing', 'drawback', 1],
  ['archive', 'filing', 'archive', 1],
  ['freight', 'filing', 'freight', 2],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [stage, flow, column, below] of WAITING) {
    await sql`create index ${sql.id(`vehicles_waiting_${stage}_index`)} on vehicles (flow, id, vin) where flow = ${sql.lit(flow)} and ${sql.ref(column)} < ${sql.lit(below)}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [stage] of WAITING) await db.schema.dropIndex(`vehicles_waiting_${stage}_index`).execute();
}
