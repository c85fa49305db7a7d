import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * The login throttle moves from one row per failure (`login_failures`, counted before the hash, so
 * that 120 guesses sent at once were all checked) to one counter per key, reserved atomically before
 * the hash with an UPSERT … RETURNING: `account:<username>|<address>` (5 per 15 minutes) and
 * `address:<address>` (20 per 15 minutes). Nothing reads `login_failures` any more.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const identity = (db: Kysely<unknown>) => (col: ColumnDefinitionBuilder) =>
  isPostgres(db) ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (col) => col.primaryKey())
    // Attempts of the current window: failures, plus checks still running (reserved before the hash).
    .addColumn('attempts', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    // ISO 8601 UTC text, like every timestamp: the window (and a block) ends 15 minutes after it.
    .addColumn('window_started_at', 'text', (col) => col.notNull())
    .execute();
  // Ended windows are swept by this column.
  await db.schema
    .createIndex('login_throttle_window_started_at_index')
    .on('login_throttle')
    .column('window_started_at')
    .execute();

  await db.schema.dropTable('login_failures').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'integer', identity(db))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_pair_index')
    .on('login_failures')
    .columns(['username', 'ip', 'at'])
    .execute();
  await db.schema.dropTable('login_throttle').execute();
}
