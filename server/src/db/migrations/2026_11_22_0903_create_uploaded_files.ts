import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

/*
 * Frozen (see 2026_11_22_0900): every file `POST /api/upload` stored, so that a path a record names can
 * be traced to who uploaded it, when, and under which original name (the file on disk has a generated
 * name).
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const identity = (db: Kysely<unknown>) => (col: ColumnDefinitionBuilder) =>
  isPostgres(db) ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploaded_files')
    .addColumn('id', 'integer', identity(db))
    // The `/storage/…` path records store and clients fetch.
    .addColumn('url', 'text', (col) => col.notNull().unique())
    // The upload slot (`contract`, `agreement`, `image`, `document`).
    .addColumn('dir', 'text', (col) => col.notNull())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('mime', 'text')
    .addColumn('uploaded_by', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('uploaded_files_created_at_index').on('uploaded_files').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploaded_files').execute();
}
