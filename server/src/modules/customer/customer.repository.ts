import type { Db } from '../../db/database';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { createdRange, startsPattern } from '../../db/list-filters';
import { allOf, pageByIds } from '../../db/list-page';
import { containsText, CUSTOMER_NAME } from '../../db/text-search';
import type { CustomerTypeKind } from '../../../../contract/customer';
import type { CustomerRow, CustomerTypeRow, NewCustomerRow } from './customer.table';

export interface CustomerFilters {
  typeId?: number;
  name?: string;
  start?: string;
  end?: string;
}

/** A customer with its type's name. */
export type CustomerWithType = CustomerRow & { type: string };

export const listCustomerTypes = (db: Db): Promise<CustomerTypeRow[]> =>
  db.selectFrom('customer_types').selectAll().orderBy('id', 'asc').execute();

export const findCustomerType = (db: Db, id: number): Promise<CustomerTypeRow | undefined> =>
  db.selectFrom('customer_types').selectAll().where('id', '=', id).executeTakeFirst();

/** The type of that kind (migration 2026_11_27_1200 made the seller kind; one type per kind). */
export const findCustomerTypeOfKind = (db: Db, kind: CustomerTypeKind): Promise<CustomerTypeRow | undefined> =>
  db.selectFrom('customer_types').selectAll().where('kind', '=', kind).executeTakeFirst();

export const findCustomerTypeByName = (db: Db, name: string): Promise<CustomerTypeRow | undefined> =>
  db.selectFrom('customer_types').selectAll().where('name', '=', name).executeTakeFirst();

export const insertCustomerType = async (db: Db, name: string, at: string): Promise<number> => {
  const row = await db
    .insertInto('customer_types')
    .values({ name, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

export const renameCustomerType = async (db: Db, id: number, name: string, at: string): Promise<boolean> => {
  const result = await db
    .updateTable('customer_types')
    .set({ name, updated_at: at })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

export const deleteCustomerTypeRow = async (db: Db, id: number): Promise<void> => {
  await db.deleteFrom('customer_types').where('id', '=', id).execute();
};

/** Customers of the type, and contracts that recorded it as their customer's type. */
export const countCustomerTypeUses = async (db: Db, id: number): Promise<{ customers: number; contracts: number }> => {
  const [customers, orders, purchases] = await Promise.all([
    db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('type_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('customer_type_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('purchases')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('customer_type_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return { customers: Number(customers.count), contracts: Number(orders.count) + Number(purchases.count) };
};

const customersWithType = (db: Db) =>
  db
    .selectFrom('customers')
    .innerJoin('customer_types', 'customer_types.id', 'customers.type_id')
    .selectAll('customers')
    .select('customer_types.name as type');

/** The list filters as conditions on `customers` alone (db/list-page.ts: ids first, the type name for the page only). */
const conditions = (db: Db, timeZone: string, filters: CustomerFilters): RawBuilder<SqlBool>[] => {
  const where: RawBuilder<SqlBool>[] = [];
  if (filters.typeId !== undefined) where.push(sql<SqlBool>`customers.type_id = ${filters.typeId}`);
  if (filters.name) where.push(containsText(db, CUSTOMER_NAME, filters.name));
  const range = createdRange(timeZone, filters.start, filters.end);
  if (range.from) where.push(sql<SqlBool>`customers.created_at >= ${range.from}`);
  if (range.before) where.push(sql<SqlBool>`customers.created_at < ${range.before}`);
  return where;
};

const filteredIds = (db: Db, timeZone: string, filters: CustomerFilters) => {
  const where = conditions(db, timeZone, filters);
  const query = db.selectFrom('customers').select('customers.id');
  return where.length === 0 ? query : query.where(allOf(where));
};

export const listCustomers = (
  db: Db,
  timeZone: string,
  filters: CustomerFilters,
  offset: number,
  limit: number,
): Promise<CustomerWithType[]> =>
  pageByIds(
    filteredIds(db, timeZone, filters).orderBy('customers.id', 'desc').offset(offset).limit(limit).execute(),
    (ids) => customersWithType(db).where('customers.id', 'in', ids).orderBy('customers.id', 'desc').execute(),
  );

export const countCustomers = async (db: Db, timeZone: string, filters: CustomerFilters): Promise<number> => {
  const row = await filteredIds(db, timeZone, filters)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const listAllCustomers = (db: Db): Promise<CustomerWithType[]> =>
  customersWithType(db).orderBy('customers.id', 'asc').execute();

/**
 * A select box's choices (of the types `typeIds` when given): names containing `name` (through the name's trigram index from three
 * characters), the exact name first, then names starting with it, then shorter names, then the newest;
 * with no name, the newest customers. Never more than `limit`.
 */
export const searchCustomers = (
  db: Db,
  filters: { name?: string; typeId?: number; typeIds?: readonly number[] },
  limit: number,
): Promise<CustomerWithType[]> => {
  let query = customersWithType(db);
  if (filters.typeId !== undefined) query = query.where('customers.type_id', '=', filters.typeId);
  if (filters.typeIds !== undefined) {
    if (filters.typeIds.length === 0) return Promise.resolve([]);
    query = query.where('customers.type_id', 'in', filters.typeIds);
  }
  if (filters.name) {
    const lowered = filters.name.toLowerCase();
    query = query
      .where(containsText(db, CUSTOMER_NAME, filters.name))
      .orderBy(
        sql`case when lower(customers.name) = ${lowered} then 0 when lower(customers.name) like ${startsPattern(lowered)} escape '!' then 1 else 2 end`,
      )
      .orderBy(sql`length(customers.name)`);
  }
  return query.orderBy('customers.id', 'desc').limit(limit).execute();
};

export const findCustomer = (db: Db, id: number): Promise<CustomerWithType | undefined> =>
  customersWithType(db).where('customers.id', '=', id).executeTakeFirst();

export const insertCustomer = async (db: Db, row: NewCustomerRow): Promise<number> => {
  const inserted = await db.insertInto('customers').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
};

export const deleteCustomerRow = async (db: Db, id: number): Promise<void> => {
  await db.deleteFrom('customers').where('id', '=', id).execute();
};

/** The first contract that names the customer (as customer, agent or seller), for the 409 message. */
export const findContractUsingCustomer = async (db: Db, id: number): Promise<string | undefined> => {
  const order = await db
    .selectFrom('orders')
    .select('order_no')
    .where((eb) => eb.or([eb('customer_id', '=', id), eb('agent_id', '=', id)]))
    .orderBy('id', 'asc')
    .executeTakeFirst();
  if (order) return order.order_no;
  const purchase = await db
    .selectFrom('purchases')
    .select('purchase_no')
    .where('customer_id', '=', id)
    .orderBy('id', 'asc')
    .executeTakeFirst();
  return purchase?.purchase_no;
};
