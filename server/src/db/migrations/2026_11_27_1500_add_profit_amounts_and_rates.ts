import { type Kysely, sql } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * Profit (issue 26, DOMAIN.md "Profit"): the freight and tax refund amounts (CNY, integer fen like every
 * other amount; null = not yet recorded, 0 is a recorded amount) and the administrator's monthly book
 * rates. A rate is kept exactly as integer micro-units (7.123456 → 7123456): the profit arithmetic then
 * stays in integers, and no decimal type is needed that the two databases would read differently.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('freights').addColumn('freight_money', 'bigint').execute();
  await db.schema.alterTable('tax_refunds').addColumn('drawback_money', 'bigint').execute();
  await db.schema
    .createTable('rates')
    // `YYYY-MM` in the server's time zone: the month of the contracts that use it.
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency in ('USD')`))
    .addColumn('rate_micro', 'bigint', (col) => col.notNull().check(sql`rate_micro > 0`))
    .addColumn('created_by', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('rates_pkey', ['month', 'currency'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rates').execute();
  await db.schema.alterTable('tax_refunds').dropColumn('drawback_money').execute();
  await db.schema.alterTable('freights').dropColumn('freight_money').execute();
}
