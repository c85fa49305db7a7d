import { sql } from 'kysely';
import type { Db } from './database';
import { isPostgres } from './text-search';

/**
 * Planner statistics kept fresh (issue 9). Without them SQLite guesses, and guesses wrong at scale
 * (carLists walked the flow index: 19 ms instead of 0.01 ms on 500,000 vehicles).
 *
 * SQLite: a bounded ANALYZE (`analysis_limit`: each index is sampled, not read whole — 15 ms on
 * 200,000 vehicles, measured) when the server starts, then `PRAGMA optimize` every hour and after a
 * large change. The bundled SQLite (3.45) lets `PRAGMA optimize` analyze only tables this connection
 * has already queried, so on its own at start it would do nothing; hence the bounded ANALYZE there.
 *
 * PostgreSQL: autovacuum keeps the statistics of growing tables, but not at once for what a migration
 * just created (an expression index such as `lower(customer_name)` has none until analysed), so
 * ANALYZE runs after migrations that did something.
 */

/** Rows sampled per index by SQLite's ANALYZE: SQLite's documentation suggests 100 to 1,000. */
const SQLITE_ANALYSIS_LIMIT = 400;

export const STATISTICS_REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/** When the server starts, after bringing the schema up to date (`migrated`: names of the migrations run). */
export const refreshStatisticsAtStart = async (db: Db, migrated: readonly string[]): Promise<void> => {
  if (isPostgres(db)) {
    if (migrated.length > 0) await sql`analyze`.execute(db);
    return;
  }
  await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db);
  await sql`analyze`.execute(db);
};

/**
 * After many rows changed (an import of thousands of vehicles) and every hour. SQLite re-analyses
 * only the tables whose size changed a lot since their last ANALYZE, bounded by analysis_limit;
 * PostgreSQL's autovacuum does this by itself.
 */
export const refreshStatisticsAfterChanges = async (db: Db): Promise<void> => {
  if (isPostgres(db)) return;
  await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db);
  await sql`pragma optimize`.execute(db);
};
