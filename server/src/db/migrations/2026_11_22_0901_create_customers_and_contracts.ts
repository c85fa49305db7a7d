import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen (see 2026_11_22_0900): customer types and customers, overseas contracts (`orders`) with their
 * receipts, purchase contracts with their remittances. Money is integer fen; timestamps ISO UTC text.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const identity = (db: Kysely<unknown>) => (col: ColumnDefinitionBuilder) =>
  isPostgres(db) ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

const currencyCheck = (column: string) => sql`${sql.ref(column)} in ('USD', 'CNY')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customer_types')
    .addColumn('id', 'integer', identity(db))
    .addColumn('name', 'text', (col) => col.notNull().unique())
    // The spec shows a status (0 not enabled, 1 enabled) that no screen filters on yet.
    .addColumn('status', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`status in (0, 1)`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Inserted in this order into an empty table, they get ids 1 and 2 on both databases without
  // writing explicit ids (which would leave PostgreSQL's identity sequence behind).
  const seededAt = new Date().toISOString();
  for (const name of ['销外客户', '代理人']) {
    await db
      .insertInto('customer_types' as never)
      .values({ name, status: 1, created_at: seededAt, updated_at: seededAt } as never)
      .execute();
  }

  await db.schema
    .createTable('customers')
    .addColumn('id', 'integer', identity(db))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type_id', 'integer', (col) => col.notNull().references('customer_types.id'))
    .addColumn('address', 'text')
    .addColumn('country', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('contact_way', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('customers_type_id_index').on('customers').column('type_id').execute();
  await db.schema.createIndex('customers_name_index').on('customers').column('name').execute();
  await db.schema.createIndex('customers_created_at_index').on('customers').column('created_at').execute();

  // Overseas contracts. The customer's details are copied onto the contract as the spec's fields
  // (customer_name, customer_address, …) so that a contract keeps what was agreed.
  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', identity(db))
    .addColumn('order_no', 'text', (col) => col.notNull().unique())
    .addColumn('customer_id', 'integer', (col) => col.references('customers.id'))
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('customer_address', 'text')
    .addColumn('customer_contact_way', 'text')
    .addColumn('customer_country', 'text')
    .addColumn('customer_type_id', 'integer', (col) => col.references('customer_types.id'))
    .addColumn('agent_id', 'integer', (col) => col.references('customers.id'))
    .addColumn('agent_name', 'text')
    // Number of vehicles ordered: the car count never goes above it.
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD').check(currencyCheck('currency')))
    .addColumn('total', 'bigint', (col) => col.notNull())
    // 1 new, 2 handed to purchasing, 6 finished (DOMAIN.md).
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    // JSON array of `/storage/…` paths: up to 5 files, always read and written with the contract.
    .addColumn('contracts', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('agreement_no', 'text')
    .addColumn('agreement', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_created_at_index').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_customer_name_index').on('orders').column('customer_name').execute();
  await db.schema.createIndex('orders_customer_id_index').on('orders').column('customer_id').execute();
  await db.schema.createIndex('orders_agent_id_index').on('orders').column('agent_id').execute();
  await db.schema.createIndex('orders_status_index').on('orders').column('status').execute();
  await db.schema.createIndex('orders_total_index').on('orders').column('total').execute();

  await db.schema
    .createTable('receipts')
    .addColumn('id', 'integer', identity(db))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull().check(currencyCheck('currency')))
    .addColumn('receipt_no', 'text', (col) => col.notNull())
    // Date only, `YYYY-MM-DD`.
    .addColumn('receipted_at', 'text', (col) => col.notNull())
    .addColumn('remitter', 'text')
    .addColumn('settlement', 'bigint')
    .addColumn('actual_total', 'bigint')
    .addColumn('registered_address', 'text')
    .addColumn('proof', 'text')
    // The settlement tax slip.
    .addColumn('receipt', 'text')
    .addColumn('is_deposit', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`is_deposit in (0, 1)`),
    )
    .addColumn('created_by', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('receipts_order_id_index').on('receipts').column('order_id').execute();

  await db.schema
    .createTable('purchases')
    .addColumn('id', 'integer', identity(db))
    .addColumn('purchase_no', 'text', (col) => col.notNull().unique())
    // 1 new car, 2 used car.
    .addColumn('type', 'integer', (col) => col.notNull().check(sql`type in (1, 2)`))
    // The overseas contract whose cars this purchase buys, when there is one.
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('customer_id', 'integer', (col) => col.references('customers.id'))
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('customer_address', 'text')
    .addColumn('customer_contact_way', 'text')
    .addColumn('customer_type_id', 'integer', (col) => col.references('customer_types.id'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('total', 'bigint', (col) => col.notNull())
    // 1 once the remittances reach the total (DOMAIN.md); kept up to date by the remittance service.
    .addColumn('remit_status', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`remit_status in (0, 1)`),
    )
    .addColumn('contracts', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('handed_over', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`handed_over in (0, 1)`),
    )
    .addColumn('handed_over_at', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('purchases_order_id_index').on('purchases').column('order_id').execute();
  await db.schema.createIndex('purchases_customer_name_index').on('purchases').column('customer_name').execute();
  await db.schema.createIndex('purchases_created_at_index').on('purchases').column('created_at').execute();
  await db.schema.createIndex('purchases_remit_status_index').on('purchases').column('remit_status').execute();
  await db.schema.createIndex('purchases_total_index').on('purchases').column('total').execute();

  await db.schema
    .createTable('remits')
    .addColumn('id', 'integer', identity(db))
    .addColumn('purchase_id', 'integer', (col) => col.notNull().references('purchases.id'))
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('CNY').check(currencyCheck('currency')))
    .addColumn('bank_slips', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('remits_purchase_id_index').on('remits').column('purchase_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['remits', 'purchases', 'receipts', 'orders', 'customers', 'customer_types']) {
    await db.schema.dropTable(table).execute();
  }
}
