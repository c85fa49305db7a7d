import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen: a migration never changes once released and never imports application code, so that it
 * builds the same schema forever. Conventions shared by every migration of this project:
 * - ids are integer identities (SQLite: `integer primary key autoincrement`, so ids are never reused);
 * - timestamps are ISO 8601 UTC text with milliseconds (`2026-11-22T01:00:00.000Z`), written by the
 *   server: identical on both databases, ordered as text, exact to the millisecond;
 * - money is integer fen in `bigint` columns; flags and codes are integers.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const identity = (db: Kysely<unknown>) => (col: ColumnDefinitionBuilder) =>
  isPostgres(db) ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', identity(db))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('nickname', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text', (col) => col.notNull())
    // `scrypt$N$r$p$salt$hash`: the parameters travel with the hash, so they can be raised later.
    .addColumn('password_hash', 'text', (col) => col.notNull())
    // Every account is `admin` in this version (DOMAIN.md); the column is kept for later roles.
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('admin'))
    .addColumn('status', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`status in (0, 1)`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    // Deleted accounts stay as rows so that corrections and the audit log keep naming who acted.
    .addColumn('deleted_at', 'text')
    .execute();
  // Unique among live accounts: a deleted account's username can be given to someone new.
  await db.schema
    .createIndex('users_username_live_unique')
    .unique()
    .on('users')
    .column('username')
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', identity(db))
    // SHA-256 of the bearer token, hex: a leaked database does not hand out working tokens.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_index').on('sessions').column('user_id').execute();

  // Counted in the database, not in memory, so that every server instance sees the same failures.
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

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', identity(db))
    // Null for actions nobody was logged in for (the first-run setup, a failed login).
    .addColumn('user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'integer')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_entity_index').on('audit_log').columns(['entity', 'entity_id']).execute();
  await db.schema.createIndex('audit_log_created_at_index').on('audit_log').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
