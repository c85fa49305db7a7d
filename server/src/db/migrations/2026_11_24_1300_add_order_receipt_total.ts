import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * An overseas contract's received total (`receipt_total`, fen: the sum of its receipts) is kept on the
 * contract, by triggers on `receipts`, in the statement that writes the receipt and so in its
 * transaction. The list showed it by summing the receipts of every row it read, and its 已收款 filter
 * (`amount`) summed the receipts of every one of 50,000 contracts (2 s); now both read one indexed
 * column. Triggers rather than service code, as for the stage counters (docs/decisions.md): no write of a
 * receipt, present or future, can forget it.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('receipt_total', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update orders set receipt_total = coalesce((select sum(receipts.amount) from receipts where receipts.order_id = orders.id), 0)`.execute(
    db,
  );
  await db.schema.createIndex('orders_receipt_total_index').on('orders').column('receipt_total').execute();

  if (isPostgres(db)) {
    await sql`
      create function orders_receipt_total_follow() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update orders set receipt_total = receipt_total - old.amount where id = old.order_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update orders set receipt_total = receipt_total + new.amount where id = new.order_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger receipts_receipt_total after insert or delete or update of amount, order_id on receipts
      for each row execute function orders_receipt_total_follow()`.execute(db);
    return;
  }
  await sql`
    create trigger receipts_receipt_total_insert after insert on receipts begin
      update orders set receipt_total = receipt_total + new.amount where id = new.order_id;
    end`.execute(db);
  await sql`
    create trigger receipts_receipt_total_delete after delete on receipts begin
      update orders set receipt_total = receipt_total - old.amount where id = old.order_id;
    end`.execute(db);
  await sql`
    create trigger receipts_receipt_total_update after update of amount, order_id on receipts begin
      update orders set receipt_total = receipt_total - old.amount where id = old.order_id;
      update orders set receipt_total = receipt_total + new.amount where id = new.order_id;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists receipts_receipt_total on receipts`.execute(db);
    await sql`drop function if exists orders_receipt_total_follow()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.id(`receipts_receipt_total_${name}`)}`.execute(db);
    }
  }
  await db.schema.dropIndex('orders_receipt_total_index').execute();
  await db.schema.alterTable('orders').dropColumn('receipt_total').execute();
}
