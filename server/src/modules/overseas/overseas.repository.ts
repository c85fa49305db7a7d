import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { createdRange } from '../../db/list-filters';
import { readCounter } from '../../platform/counters/counters.repository';
import { idFirstList } from '../../db/list-page';
import { containsText, ORDER_CUSTOMER_NAME, ORDER_NO, VEHICLE_VIN } from '../../db/text-search';
import type { NewOrderRow, NewReceiptRow, OrderRow, ReceiptRow } from './overseas.table';

/** The list filters of `GET /api/order` (and its exports), money already in fen. */
export interface OrderFilters {
  orderNo?: string;
  /** Contract total, fen, exact. */
  totalFen?: number;
  /** Receipt total, fen, exact. */
  receiptTotalFen?: number;
  vin?: string;
  name?: string;
  start?: string;
  end?: string;
}

/** An order row with what the list shows besides its own columns. */
export type OrderListRow = OrderRow & { receipt_total_fen: number; linked_customer_name: string | null };

/** The receipts' sum, kept on the contract by triggers (migration 2026_11_24_1300). */
const receiptTotalOf = sql<number | string>`orders.receipt_total`;

const orderRows = (db: Db) =>
  db
    .selectFrom('orders')
    .leftJoin('customers', 'customers.id', 'orders.customer_id')
    .selectAll('orders')
    .select(['customers.name as linked_customer_name', receiptTotalOf.as('receipt_total_fen')]);

/**
 * The list filters as conditions on `orders` alone: the page and the count choose contracts without the
 * customer join or the receipts sum, which are computed only for the rows that are shown.
 */
const conditions = (db: Db, timeZone: string, filters: OrderFilters): RawBuilder<SqlBool>[] => {
  const where: RawBuilder<SqlBool>[] = [];
  if (filters.orderNo) where.push(containsText(db, ORDER_NO, filters.orderNo));
  if (filters.totalFen !== undefined) where.push(sql<SqlBool>`orders.total = ${filters.totalFen}`);
  if (filters.receiptTotalFen !== undefined) {
    where.push(sql<SqlBool>`${receiptTotalOf} = ${filters.receiptTotalFen}`);
  }
  if (filters.vin) {
    // The matching vehicles are found once, through the VIN index, not looked for per contract.
    where.push(
      sql<SqlBool>`orders.id in (select vehicles.order_id from vehicles where ${containsText(db, VEHICLE_VIN, filters.vin)})`,
    );
  }
  if (filters.name) where.push(containsText(db, ORDER_CUSTOMER_NAME, filters.name));
  const range = createdRange(timeZone, filters.start, filters.end);
  if (range.from) where.push(sql<SqlBool>`orders.created_at >= ${range.from}`);
  if (range.before) where.push(sql<SqlBool>`orders.created_at < ${range.before}`);
  return where;
};

const normalise = (row: OrderRow & { receipt_total_fen: number | string; linked_customer_name: string | null }) => ({
  ...row,
  receipt_total_fen: Number(row.receipt_total_fen),
});

/** The shown rows of the contracts `ids`, newest first, with their customer and receipts sum. */
const rowsOf = async (db: Db, ids: readonly number[]): Promise<OrderListRow[]> =>
  (await orderRows(db).where('orders.id', 'in', ids).orderBy('orders.id', 'desc').execute()).map(normalise);

/** The overseas list and its exports by db/list-page.ts's recipe: `.page`, `.count`, `.batches`. */
export const orderList = (db: Db, timeZone: string, filters: OrderFilters) =>
  idFirstList({
    db,
    table: 'orders',
    where: conditions(db, timeZone, filters),
    rowsOf: (ids) => rowsOf(db, ids),
    unfilteredTotal: () => readCounter(db, 'orderNum'),
  });

export const findOrder = (db: Db, id: number): Promise<OrderRow | undefined> =>
  db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

export const findOrderByNo = (db: Db, orderNo: string): Promise<OrderRow | undefined> =>
  db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();

export const findOrderNumbers = async (db: Db, ids: readonly number[]): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'order_no'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.order_no]));
};

export const receiptTotalFen = async (db: Db, orderId: number): Promise<number> => {
  const row = await db
    .selectFrom('receipts')
    .select(sql<number | string>`coalesce(sum(amount), 0)`.as('total'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

export const insertOrder = async (db: Db, row: NewOrderRow): Promise<number> => {
  const inserted = await db.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
};

export const listOrderOptions = (db: Db) =>
  db.selectFrom('orders').select(['id', 'order_no', 'customer_name', 'status']).orderBy('id', 'desc').execute();

export const searchOrderNumbers = (db: Db, orderNo: string | undefined, limit: number) => {
  let query = db.selectFrom('orders').select(['id', 'order_no', 'customer_name']);
  if (orderNo) query = query.where(containsText(db, ORDER_NO, orderNo));
  return query.orderBy('id', 'desc').limit(limit).execute();
};

// Receipts

export const insertReceipt = async (db: Db, row: NewReceiptRow): Promise<number> => {
  const inserted = await db.insertInto('receipts').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
};

export const findReceipt = (db: Db, id: number): Promise<ReceiptRow | undefined> =>
  db.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst();

export const countReceiptsOfOrder = async (db: Db, orderId: number): Promise<number> => {
  const row = await db
    .selectFrom('receipts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** Receipts of several contracts, each contract's in the order they were received. */
export const listReceiptsOfOrders = async (db: Db, orderIds: readonly number[]): Promise<ReceiptRow[]> => {
  if (orderIds.length === 0) return [];
  const rows: ReceiptRow[] = [];
  const unique = [...new Set(orderIds)];
  for (let start = 0; start < unique.length; start += 1000) {
    rows.push(
      ...(await db
        .selectFrom('receipts')
        .selectAll()
        .where('order_id', 'in', unique.slice(start, start + 1000))
        .orderBy('receipted_at', 'asc')
        .orderBy('id', 'asc')
        .execute()),
    );
  }
  return rows;
};

// The filing records the contract detail's record view shows (made by the filing screens).

export const listOrderDrawbacks = async (db: Db, orderId: number) => {
  const [records, cars] = await Promise.all([
    db.selectFrom('tax_refunds').selectAll().where('order_id', '=', orderId).orderBy('id', 'asc').execute(),
    db
      .selectFrom('tax_refund_vehicles')
      .innerJoin('tax_refunds', 'tax_refunds.id', 'tax_refund_vehicles.tax_refund_id')
      .innerJoin('vehicles', 'vehicles.id', 'tax_refund_vehicles.vehicle_id')
      .select(['tax_refund_vehicles.tax_refund_id as record_id', 'vehicles.id as car_id', 'vehicles.vin'])
      .where('tax_refunds.order_id', '=', orderId)
      .orderBy('vehicles.id', 'asc')
      .execute(),
  ]);
  return { records, cars };
};

export const listOrderDeregistrations = async (db: Db, orderId: number) => {
  const [records, cars] = await Promise.all([
    db.selectFrom('deregistrations').selectAll().where('order_id', '=', orderId).orderBy('id', 'asc').execute(),
    db
      .selectFrom('deregistration_vehicles')
      .innerJoin('deregistrations', 'deregistrations.id', 'deregistration_vehicles.deregistration_id')
      .innerJoin('vehicles', 'vehicles.id', 'deregistration_vehicles.vehicle_id')
      .select(['deregistration_vehicles.deregistration_id as record_id', 'vehicles.id as car_id', 'vehicles.vin'])
      .where('deregistrations.order_id', '=', orderId)
      .orderBy('vehicles.id', 'asc')
      .execute(),
  ]);
  return { records, cars };
};

export const listOrderFreights = async (db: Db, orderId: number) => {
  const [records, cars] = await Promise.all([
    db.selectFrom('freights').selectAll().where('order_id', '=', orderId).orderBy('id', 'asc').execute(),
    db
      .selectFrom('freight_vehicles')
      .innerJoin('freights', 'freights.id', 'freight_vehicles.freight_id')
      .innerJoin('vehicles', 'vehicles.id', 'freight_vehicles.vehicle_id')
      .select(['freight_vehicles.freight_id as record_id', 'vehicles.id as car_id', 'vehicles.vin'])
      .where('freights.order_id', '=', orderId)
      .orderBy('vehicles.id', 'asc')
      .execute(),
  ]);
  return { records, cars };
};
