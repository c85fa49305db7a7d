import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * A list page is chosen by walking the contract table's ids newest first and skipping the earlier
 * pages (server/src/db/list-page.ts). On SQLite the walk went through the table itself, whose rows are
 * wide: page 1,000 of 50,000 overseas contracts read 2 ms of pages before the 15 it shows. An index on
 * `id` alone holds only the ids (and the rowid), a few pages per thousand: the same walk takes 0.3 ms.
 * PostgreSQL's primary-key index already serves an index-only walk; nothing to add there.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const TABLES = ['orders', 'purchases', 'customers'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of TABLES) {
    await sql`create index if not exists ${sql.id(`${table}_id_walk_index`)} on ${sql.table(table)} (id)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of TABLES) await sql`drop index if exists ${sql.id(`${table}_id_walk_index`)}`.execute(db);
}
