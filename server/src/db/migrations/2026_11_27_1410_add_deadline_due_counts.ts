import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * The open deadlines per rule and due day (`deadline_due_counts`), kept by triggers on `deadlines` in
 * the statement that opens, closes, moves or removes a deadline, as the stage counters are
 * (docs/decisions.md, "Counters kept by the database"). The dashboard's 已逾期 and 7天内到期 and the
 * list's unfiltered totals sum a few thousand day rows instead of counting every open deadline: at
 * 500,000 vehicles the bench's 84,000 overdue deadlines took 18 ms to count on SQLite, over the
 * dashboard's 5 ms. A day row whose count fell to 0 stays (it is 0).
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deadline_due_counts')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('due_on', 'text', (col) => col.notNull())
    .addColumn('open_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('deadline_due_counts_pkey', ['due_on', 'key'])
    .execute();
  await sql`insert into deadline_due_counts (key, due_on, open_count)
    select key, due_on, count(*) from deadlines where closed_on is null group by key, due_on`.execute(db);

  if (isPostgres(db)) {
    await sql`
      create function deadline_due_counts_follow() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.closed_on is null then
          update deadline_due_counts set open_count = open_count - 1 where key = old.key and due_on = old.due_on;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.closed_on is null then
          insert into deadline_due_counts (key, due_on, open_count) values (new.key, new.due_on, 1)
          on conflict (due_on, key) do update set open_count = deadline_due_counts.open_count + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger deadlines_due_counts after insert or delete or update of key, due_on, closed_on on deadlines
      for each row execute function deadline_due_counts_follow()`.execute(db);
    return;
  }
  const add = sql`insert into deadline_due_counts (key, due_on, open_count) values (new.key, new.due_on, 1)
    on conflict (due_on, key) do update set open_count = open_count + 1`;
  const remove = sql`update deadline_due_counts set open_count = open_count - 1 where key = old.key and due_on = old.due_on`;
  await sql`create trigger deadlines_due_counts_insert after insert on deadlines when new.closed_on is null begin
    ${add}; end`.execute(db);
  await sql`create trigger deadlines_due_counts_delete after delete on deadlines when old.closed_on is null begin
    ${remove}; end`.execute(db);
  await sql`create trigger deadlines_due_counts_update_old after update of key, due_on, closed_on on deadlines
    when old.closed_on is null begin ${remove}; end`.execute(db);
  await sql`create trigger deadlines_due_counts_update_new after update of key, due_on, closed_on on deadlines
    when new.closed_on is null begin ${add}; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists deadlines_due_counts on deadlines`.execute(db);
    await sql`drop function if exists deadline_due_counts_follow()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update_old', 'update_new']) {
      await sql`drop trigger if exists ${sql.id(`deadlines_due_counts_${name}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('deadline_due_counts').execute();
}
