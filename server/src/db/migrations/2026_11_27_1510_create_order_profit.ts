import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * The profit report (issue 26) reads a year of contracts — at a company's size 50,000 of them with
 * 500,000 cars, their receipts, freight and tax refunds — sorted by any figure, with totals, in under a
 * second. Computing every contract's figures on each read cannot do that, so each contract's figures
 * are kept in `order_profit`, computed by the same function that answers a contract's profit (so the
 * report and the 利润 tab agree to the cent). Triggers on every table the figures read mark the contract
 * in `order_profit_dirty`, in the statement that writes and so in its transaction: no write, present or
 * future, can forget it (as receipt_total and the stage counters). The application recomputes the marked
 * contracts before it reads the report; a changed book rate marks its month's contracts itself (the
 * month is the server time zone's, which SQL does not know).
 *
 * Every contract present is marked now, so the first report after the upgrade computes them all once.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Which columns of `vehicles` the figures read. */
const VEHICLE_COLUMNS = ['order_id', 'order_price', 'order_invoice', 'order_other', 'price', 'invoice', 'other'];
const ORDER_COLUMNS = ['order_no', 'customer_name', 'customer_country', 'currency', 'total', 'created_at'];
const changed = (columns: readonly string[]) =>
  sql.raw(columns.map((column) => `old.${column} is distinct from new.${column}`).join(' or '));
const changedSqlite = (columns: readonly string[]) =>
  sql.raw(columns.map((column) => `old.${column} is not new.${column}`).join(' or '));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_profit')
    .addColumn('order_id', 'integer', (col) => col.primaryKey())
    .addColumn('order_no', 'text', (col) => col.notNull())
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('country', 'text')
    .addColumn('currency', 'text', (col) => col.notNull())
    // The contract's created_at (stored form) and its month in the server time zone (`YYYY-MM`).
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('cars', 'integer', (col) => col.notNull())
    // Fen; null where the figure is not known (a USD contract whose month has no rate; no amount recorded).
    .addColumn('revenue', 'bigint')
    .addColumn('costs', 'bigint', (col) => col.notNull())
    .addColumn('freight', 'bigint')
    .addColumn('drawback', 'bigint')
    .addColumn('profit', 'bigint')
    // profit ÷ revenue in basis points of 1 (776 = 0.0776).
    .addColumn('margin_bp', 'bigint')
    .addColumn('fx_gain', 'bigint')
    .addColumn('final', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_profit_created_at_index').on('order_profit').column('created_at').execute();
  await db.schema
    .createTable('order_profit_dirty')
    .addColumn('order_id', 'integer', (col) => col.primaryKey())
    .execute();
  await sql`insert into order_profit_dirty (order_id) select id from orders`.execute(db);

  if (isPostgres(db)) {
    // One function for every table: the argument says how a row names its contract.
    await sql`
      create function order_profit_touch() returns trigger language plpgsql as $$
      declare
        r jsonb;
      begin
        foreach r in array array[
          case when tg_op <> 'INSERT' then to_jsonb(old) end,
          case when tg_op <> 'DELETE' then to_jsonb(new) end
        ] loop
          if r is null then continue; end if;
          if tg_argv[0] = 'self' then
            insert into order_profit_dirty (order_id) values ((r->>'id')::integer) on conflict do nothing;
          elsif tg_argv[0] = 'order_id' then
            if r->>'order_id' is not null then
              insert into order_profit_dirty (order_id) values ((r->>'order_id')::integer) on conflict do nothing;
            end if;
          elsif tg_argv[0] = 'freight' then
            insert into order_profit_dirty (order_id)
              select order_id from freights where id = (r->>'freight_id')::integer on conflict do nothing;
          elsif tg_argv[0] = 'tax_refund' then
            insert into order_profit_dirty (order_id)
              select order_id from tax_refunds where id = (r->>'tax_refund_id')::integer on conflict do nothing;
          end if;
        end loop;
        return null;
      end $$`.execute(db);
    await sql`create trigger orders_profit_insert after insert on orders
      for each row execute function order_profit_touch('self')`.execute(db);
    await sql`create trigger orders_profit_update after update on orders
      for each row when (${changed(ORDER_COLUMNS)}) execute function order_profit_touch('self')`.execute(db);
    await sql`create trigger vehicles_profit_write after insert or delete on vehicles
      for each row execute function order_profit_touch('order_id')`.execute(db);
    await sql`create trigger vehicles_profit_update after update on vehicles
      for each row when (${changed(VEHICLE_COLUMNS)}) execute function order_profit_touch('order_id')`.execute(db);
    await sql`create trigger receipts_profit after insert or delete or update on receipts
      for each row execute function order_profit_touch('order_id')`.execute(db);
    await sql`create trigger freights_profit after insert or delete or update of freight_money, order_id on freights
      for each row execute function order_profit_touch('order_id')`.execute(db);
    await sql`create trigger tax_refunds_profit after insert or delete or update of drawback_money, order_id on tax_refunds
      for each row execute function order_profit_touch('order_id')`.execute(db);
    await sql`create trigger freight_vehicles_profit after insert or delete on freight_vehicles
      for each row execute function order_profit_touch('freight')`.execute(db);
    await sql`create trigger tax_refund_vehicles_profit after insert or delete on tax_refund_vehicles
      for each row execute function order_profit_touch('tax_refund')`.execute(db);
    return;
  }

  const markText = (expression: string) =>
    `insert or ignore into order_profit_dirty (order_id) select ${expression} where ${expression} is not null;`;
  const mark = (expression: string) => sql.raw(markText(expression));
  const trigger = async (
    name: string,
    event: string,
    body: ReturnType<typeof sql.raw>,
    when?: ReturnType<typeof sql.raw>,
  ) =>
    sql`create trigger ${sql.id(name)} after ${sql.raw(event)} for each row ${when ? sql`when ${when}` : sql``} begin ${body} end`.execute(
      db,
    );
  await trigger('orders_profit_insert', 'insert on orders', mark('new.id'));
  await trigger('orders_profit_update', 'update on orders', mark('new.id'), changedSqlite(ORDER_COLUMNS));
  await trigger('vehicles_profit_insert', 'insert on vehicles', mark('new.order_id'));
  await trigger('vehicles_profit_delete', 'delete on vehicles', mark('old.order_id'));
  await trigger(
    'vehicles_profit_update',
    'update on vehicles',
    sql.raw(`${markText('old.order_id')} ${markText('new.order_id')}`),
    changedSqlite(VEHICLE_COLUMNS),
  );
  for (const table of ['receipts', 'freights', 'tax_refunds']) {
    await trigger(`${table}_profit_insert`, `insert on ${table}`, mark('new.order_id'));
    await trigger(`${table}_profit_delete`, `delete on ${table}`, mark('old.order_id'));
    await trigger(
      `${table}_profit_update`,
      `update on ${table}`,
      sql.raw(`${markText('old.order_id')} ${markText('new.order_id')}`),
    );
  }
  const viaRecord = (record: string, key: string, row: string) =>
    sql.raw(
      `insert or ignore into order_profit_dirty (order_id) select order_id from ${record} where id = ${row}.${key};`,
    );
  await trigger(
    'freight_vehicles_profit_insert',
    'insert on freight_vehicles',
    viaRecord('freights', 'freight_id', 'new'),
  );
  await trigger(
    'freight_vehicles_profit_delete',
    'delete on freight_vehicles',
    viaRecord('freights', 'freight_id', 'old'),
  );
  await trigger(
    'tax_refund_vehicles_profit_insert',
    'insert on tax_refund_vehicles',
    viaRecord('tax_refunds', 'tax_refund_id', 'new'),
  );
  await trigger(
    'tax_refund_vehicles_profit_delete',
    'delete on tax_refund_vehicles',
    viaRecord('tax_refunds', 'tax_refund_id', 'old'),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const [name, table] of [
      ['orders_profit_insert', 'orders'],
      ['orders_profit_update', 'orders'],
      ['vehicles_profit_write', 'vehicles'],
      ['vehicles_profit_update', 'vehicles'],
      ['receipts_profit', 'receipts'],
      ['freights_profit', 'freights'],
      ['tax_refunds_profit', 'tax_refunds'],
      ['freight_vehicles_profit', 'freight_vehicles'],
      ['tax_refund_vehicles_profit', 'tax_refund_vehicles'],
    ] as const)
      await sql`drop trigger ${sql.id(name)} on ${sql.table(table)}`.execute(db);
    await sql`drop function order_profit_touch()`.execute(db);
  } else {
    const rows = await sql<{ name: string }>`select name from sqlite_master
      where type = 'trigger' and name like '%\_profit\_%' escape '\\'`.execute(db);
    for (const { name } of rows.rows) await sql`drop trigger ${sql.id(name)}`.execute(db);
  }
  await db.schema.dropTable('order_profit_dirty').execute();
  await db.schema.dropTable('order_profit').execute();
}
