import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen (see 2026_11_22_0900).
 *
 * The one search box (issue 23, `GET /api/search`) finds a customer by one or two Chinese characters of
 * its name, and a customs declaration by any part of its number.
 *
 * - `customer_name_grams`: every character and every pair of neighbouring characters of each customer's
 *   name, lowered as each database lowers (`lower()`: ASCII on SQLite, Unicode on PostgreSQL), one row
 *   per distinct gram and customer, keyed (gram, customer_id). A trigram index cannot answer one or two
 *   characters (it has nothing shorter than three to look up), so such a name was a scan of every name;
 *   here it is one range of the key, read newest customer first. Triggers keep the rows in step inside
 *   the statement that writes the customer, whichever code writes it (the customer form, a contract
 *   form's new customer, imports, seeds), as the counters' triggers do (docs/decisions.md).
 * - `export_declarations.bgd_sn` gets the trigram index the other searched columns have
 *   (2026_11_24_1000): an FTS5 `trigram` table on SQLite, a `pg_trgm` GIN index on `lower(bgd_sn)` on
 *   PostgreSQL.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

// ---- customer_name_grams ----

/**
 * SQLite: the grams of `name` (an expression on the trigger's row) as one select; `generate_series` is
 * a table-valued function (triggers may not use a `with recursive`). `union` keeps each gram once.
 */
const sqliteGrams = (name: string, id: string) => `
  select substr(lower(${name}), value, 1) as gram, ${id} as customer_id from generate_series(1, length(${name}))
  union
  select substr(lower(${name}), value, 2), ${id} from generate_series(1, length(${name}) - 1)`;

const createSqliteGrams = async (db: Kysely<unknown>) => {
  // Without rowid: the key is the table, so a gram's customers are one contiguous range, newest last.
  await sql`create table customer_name_grams (
    gram text not null,
    customer_id integer not null,
    primary key (gram, customer_id)
  ) without rowid`.execute(db);
  await sql
    .raw(
      `create trigger customer_name_grams_insert after insert on customers begin
        insert or ignore into customer_name_grams (gram, customer_id) ${sqliteGrams('new.name', 'new.id')};
      end`,
    )
    .execute(db);
  // Deleting by the old name's grams walks the key (gram, customer_id): no second index on customer_id.
  const forget = `delete from customer_name_grams where customer_id = old.id
    and gram in (select gram from (${sqliteGrams('old.name', 'old.id')}));`;
  await sql.raw(`create trigger customer_name_grams_delete after delete on customers begin ${forget} end`).execute(db);
  await sql
    .raw(
      `create trigger customer_name_grams_update after update of name on customers when old.name is not new.name begin
        ${forget}
        insert or ignore into customer_name_grams (gram, customer_id) ${sqliteGrams('new.name', 'new.id')};
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `insert or ignore into customer_name_grams (gram, customer_id)
        select substr(lower(c.name), s.value, 1), c.id from customers c, generate_series(1, length(c.name)) s
        union
        select substr(lower(c.name), s.value, 2), c.id from customers c, generate_series(1, length(c.name) - 1) s`,
    )
    .execute(db);
};

const createPostgresGrams = async (db: Kysely<unknown>) => {
  await sql`create table customer_name_grams (
    gram text not null,
    customer_id integer not null,
    primary key (gram, customer_id)
  )`.execute(db);
  // The grams of a name, each once; immutable (lower() and substr() are), so it may serve an index later.
  await sql`create function customer_name_grams_of(name text) returns setof text language sql immutable as $body$
    select distinct gram from (
      select substr(lower(name), i, 1) as gram from generate_series(1, char_length(lower(name))) as i
      union all
      select substr(lower(name), i, 2) from generate_series(1, char_length(lower(name)) - 1) as i
    ) grams
  $body$`.execute(db);
  // Row-level: a customer is written one at a time by a clerk, and its grams are its own rows (no shared
  // row two transactions could wait on, unlike a counter).
  await sql`create function customer_name_grams_follow() returns trigger language plpgsql as $body$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      delete from customer_name_grams
        where customer_id = old.id and gram in (select customer_name_grams_of(old.name));
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      insert into customer_name_grams (gram, customer_id)
        select gram, new.id from customer_name_grams_of(new.name) as gram
        on conflict do nothing;
    end if;
    return null;
  end
  $body$`.execute(db);
  await sql`create trigger customer_name_grams_insert after insert on customers
    for each row execute function customer_name_grams_follow()`.execute(db);
  await sql`create trigger customer_name_grams_update after update of name on customers
    for each row when (old.name is distinct from new.name) execute function customer_name_grams_follow()`.execute(db);
  await sql`create trigger customer_name_grams_delete after delete on customers
    for each row execute function customer_name_grams_follow()`.execute(db);
  await sql`insert into customer_name_grams (gram, customer_id)
    select gram, c.id from customers c cross join lateral customer_name_grams_of(c.name) as gram`.execute(db);
};

// ---- export_declarations.bgd_sn: a trigram index, as 2026_11_24_1000 made for the other columns ----

const FTS = 'export_declarations_bgd_sn_fts';
const PG_TRGM_INDEX = 'export_declarations_bgd_sn_trgm_index';

const createSqliteBgdSn = async (db: Kysely<unknown>) => {
  const fts = sql.id(FTS);
  await sql`create virtual table ${fts} using fts5(bgd_sn, content='export_declarations', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${FTS}_insert`)} after insert on export_declarations begin
    insert into ${fts}(rowid, bgd_sn) values (new.id, new.bgd_sn);
  end`.execute(db);
  // External content: a deletion names the old text, so that its trigrams leave the index.
  await sql`create trigger ${sql.id(`${FTS}_delete`)} after delete on export_declarations begin
    insert into ${fts}(${fts}, rowid, bgd_sn) values ('delete', old.id, old.bgd_sn);
  end`.execute(db);
  await sql`create trigger ${sql.id(`${FTS}_update`)} after update of bgd_sn on export_declarations begin
    insert into ${fts}(${fts}, rowid, bgd_sn) values ('delete', old.id, old.bgd_sn);
    insert into ${fts}(rowid, bgd_sn) values (new.id, new.bgd_sn);
  end`.execute(db);
  await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await createPostgresGrams(db);
    // pg_trgm exists since 2026_11_24_1000. fastupdate off: see there.
    await sql`create index ${sql.id(PG_TRGM_INDEX)} on export_declarations
      using gin ((lower(bgd_sn)) gin_trgm_ops) with (fastupdate = off)`.execute(db);
    return;
  }
  await createSqliteGrams(db);
  await createSqliteBgdSn(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists ${sql.id(PG_TRGM_INDEX)}`.execute(db);
    for (const suffix of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`customer_name_grams_${suffix}`)} on customers`.execute(db);
    }
    await sql`drop function if exists customer_name_grams_follow()`.execute(db);
    await sql`drop function if exists customer_name_grams_of(text)`.execute(db);
    await sql`drop table if exists customer_name_grams`.execute(db);
    return;
  }
  for (const suffix of ['insert', 'delete', 'update']) {
    await sql`drop trigger if exists ${sql.id(`${FTS}_${suffix}`)}`.execute(db);
    await sql`drop trigger if exists ${sql.id(`customer_name_grams_${suffix}`)}`.execute(db);
  }
  await sql`drop table if exists ${sql.id(FTS)}`.execute(db);
  await sql`drop table if exists customer_name_grams`.execute(db);
}
