import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen (see 2026_11_22_0900).
 *
 * PostgreSQL only: `search_entries`, every value the one search box looks in (issue 23, `GET
 * /api/search`: VINs, overseas and purchase contract numbers, declaration numbers, customer names),
 * one row per record and kind, with one `pg_trgm` GIN index on `lower(value)`. The box then reads one
 * index and one narrow table for three characters or more instead of five tables' trigram indexes and
 * rows: at 500,000 vehicles a VIN tail of 4 took 4.3 ms of planning and execution across the five
 * (2.2 ms of it planning a statement of five groups), 0.9 ms here plus 0.4 ms for the few rows' details.
 * SQLite keeps answering from the columns' own FTS5 tables, which it reads newest first and stops.
 *
 * Triggers keep the rows in step inside the statement that writes the record, whichever code writes
 * it (forms, imports, VIN corrections, deletes, seeds). `kind`: 1 vehicle, 2 overseas contract,
 * 3 purchase contract, 4 export declaration, 5 customer; a declaration without a number has no row.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Written out, not imported, so that this migration never changes. */
const SOURCES = [
  { kind: 1, table: 'vehicles', column: 'vin' },
  { kind: 2, table: 'orders', column: 'order_no' },
  { kind: 3, table: 'purchases', column: 'purchase_no' },
  { kind: 4, table: 'export_declarations', column: 'bgd_sn' },
  { kind: 5, table: 'customers', column: 'name' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table search_entries (
    kind smallint not null,
    id integer not null,
    value text not null,
    primary key (kind, id)
  )`.execute(db);
  // The trigger's arguments: the kind and the searched column of the table it is on.
  await sql`create function search_entries_follow() returns trigger language plpgsql as $body$
  declare
    entry_kind smallint := tg_argv[0]::smallint;
    entry_value text;
  begin
    if tg_op = 'DELETE' then
      delete from search_entries where kind = entry_kind and id = old.id;
      return null;
    end if;
    entry_value := to_jsonb(new) ->> tg_argv[1];
    if entry_value is null then
      delete from search_entries where kind = entry_kind and id = new.id;
    else
      insert into search_entries (kind, id, value) values (entry_kind, new.id, entry_value)
        on conflict (kind, id) do update set value = excluded.value;
    end if;
    return null;
  end
  $body$`.execute(db);
  for (const { kind, table, column } of SOURCES) {
    const args = sql.raw(`'${kind}', '${column}'`);
    await sql`create trigger ${sql.id(`${table}_search_entries`)} after insert or delete or update of ${sql.id(column)}
      on ${sql.id(table)} for each row execute function search_entries_follow(${args})`.execute(db);
    await sql`insert into search_entries (kind, id, value)
      select ${sql.lit(kind)}, id, ${sql.id(column)} from ${sql.id(table)} where ${sql.id(column)} is not null`.execute(
      db,
    );
  }
  // fastupdate off: see 2026_11_24_1000 (a pending list every search would read linearly).
  await sql`create index search_entries_value_trgm_index on search_entries
    using gin ((lower(value)) gin_trgm_ops) with (fastupdate = off)`.execute(db);
  await sql`analyze search_entries`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table } of SOURCES) {
    await sql`drop trigger if exists ${sql.id(`${table}_search_entries`)} on ${sql.id(table)}`.execute(db);
  }
  await sql`drop function if exists search_entries_follow()`.execute(db);
  await sql`drop table if exists search_entries`.execute(db);
}
