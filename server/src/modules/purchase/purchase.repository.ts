import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { createdRange } from '../../db/list-filters';
import { readCounter } from '../../platform/counters/counters.repository';
import { idFirstList } from '../../db/list-page';
import { containsText, ORDER_NO, PURCHASE_CUSTOMER_NAME, PURCHASE_NO, VEHICLE_VIN } from '../../db/text-search';
import type { NewPurchaseRow, NewRemitRow, PurchaseRow, RemitRow } from './purchase.table';

/** The list filters of `GET /api/purchase` (and its export), money already in fen. */
export interface PurchaseFilters {
  orderNo?: string;
  purchaseNo?: string;
  remitStatus?: 0 | 1;
  /** One box for all: the purchase number, the customer name or a VIN. */
  input?: string;
  vin?: string;
  start?: string;
  end?: string;
  /** Contract total, fen, exact. */
  totalFen?: number;
  name?: string;
}

/** A purchase row with what the list shows besides its own columns. */
export type PurchaseListRow = PurchaseRow & { remit_total_fen: number; order_no: string | null };

const remitTotalOf = sql<
  number | string
>`coalesce((select sum(remits.amount) from remits where remits.purchase_id = purchases.id), 0)`;

const purchaseRows = (db: Db) =>
  db
    .selectFrom('purchases')
    .leftJoin('orders', 'orders.id', 'purchases.order_id')
    .selectAll('purchases')
    .select(['orders.order_no as order_no', remitTotalOf.as('remit_total_fen')]);

/** The contracts of the vehicles whose VIN contains `text`: found once through the VIN index, not per contract. */
const vinPurchaseIds = (db: Db, text: string) =>
  sql`select vehicles.purchase_id from vehicles where ${containsText(db, VEHICLE_VIN, text)}`;

/** The list filters as conditions on `purchases` alone (db/list-page.ts: ids first, sums for the page only). */
const conditions = (db: Db, timeZone: string, filters: PurchaseFilters): RawBuilder<SqlBool>[] => {
  const where: RawBuilder<SqlBool>[] = [];
  if (filters.orderNo) {
    // The joined overseas contract's number: those contracts first, through their number's index.
    where.push(
      sql<SqlBool>`purchases.order_id in (select orders.id from orders where ${containsText(db, ORDER_NO, filters.orderNo)})`,
    );
  }
  if (filters.purchaseNo) where.push(containsText(db, PURCHASE_NO, filters.purchaseNo));
  if (filters.remitStatus !== undefined) where.push(sql<SqlBool>`purchases.remit_status = ${filters.remitStatus}`);
  if (filters.input) {
    const text = filters.input;
    // One set of ids from the three indexes (a union), rather than an OR tested on every contract.
    where.push(
      sql<SqlBool>`purchases.id in (select purchases.id from purchases where ${containsText(db, PURCHASE_NO, text)} union select purchases.id from purchases where ${containsText(db, PURCHASE_CUSTOMER_NAME, text)} union ${vinPurchaseIds(db, text)})`,
    );
  }
  if (filters.vin) where.push(sql<SqlBool>`purchases.id in (${vinPurchaseIds(db, filters.vin)})`);
  if (filters.totalFen !== undefined) where.push(sql<SqlBool>`purchases.total = ${filters.totalFen}`);
  if (filters.name) where.push(containsText(db, PURCHASE_CUSTOMER_NAME, filters.name));
  const range = createdRange(timeZone, filters.start, filters.end);
  if (range.from) where.push(sql<SqlBool>`purchases.created_at >= ${range.from}`);
  if (range.before) where.push(sql<SqlBool>`purchases.created_at < ${range.before}`);
  return where;
};

const normalise = (row: PurchaseRow & { remit_total_fen: number | string; order_no: string | null }) => ({
  ...row,
  total: Number(row.total),
  remit_total_fen: Number(row.remit_total_fen),
});

/** The shown rows of the contracts `ids`, newest first, with their overseas number and remittances sum. */
const rowsOf = async (db: Db, ids: readonly number[]): Promise<PurchaseListRow[]> =>
  (await purchaseRows(db).where('purchases.id', 'in', ids).orderBy('purchases.id', 'desc').execute()).map(normalise);

/** The purchase list and its export by db/list-page.ts's recipe: `.page`, `.count`, `.batches`. */
export const purchaseList = (db: Db, timeZone: string, filters: PurchaseFilters) =>
  idFirstList({
    db,
    table: 'purchases',
    where: conditions(db, timeZone, filters),
    rowsOf: (ids) => rowsOf(db, ids),
    unfilteredTotal: () => readCounter(db, 'purchaseNum'),
  });

/** One contract with its overseas contract's number and its remittance total. */
export const findPurchaseWithTotals = async (db: Db, id: number): Promise<PurchaseListRow | undefined> => {
  const row = await purchaseRows(db).where('purchases.id', '=', id).executeTakeFirst();
  return row ? normalise(row) : undefined;
};

export const findPurchase = (db: Db, id: number): Promise<PurchaseRow | undefined> =>
  db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();

export const findPurchaseByNo = (db: Db, purchaseNo: string): Promise<PurchaseRow | undefined> =>
  db.selectFrom('purchases').selectAll().where('purchase_no', '=', purchaseNo).executeTakeFirst();

export const insertPurchase = async (db: Db, row: NewPurchaseRow): Promise<number> =>
  (await db.insertInto('purchases').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const deletePurchaseWithRemits = async (db: Db, id: number): Promise<void> => {
  await db.deleteFrom('remits').where('purchase_id', '=', id).execute();
  await db.deleteFrom('purchases').where('id', '=', id).execute();
};

/** The remittance status follows the total: 1 once the remittances reach it (DOMAIN.md). */
export const refreshRemitStatus = async (db: Db, id: number): Promise<0 | 1> => {
  const row = await db
    .selectFrom('purchases')
    .select(['total', remitTotalOf.as('remit_total_fen')])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const status: 0 | 1 = Number(row.remit_total_fen) >= Number(row.total) ? 1 : 0;
  await db.updateTable('purchases').set({ remit_status: status }).where('id', '=', id).execute();
  return status;
};

/** Contracts not yet handed over that buy cars of this overseas contract (batchHandOver). */
export const listOpenPurchaseIdsOfOrder = async (db: Db, orderId: number): Promise<number[]> =>
  (
    await db
      .selectFrom('purchases')
      .select('id')
      .where('order_id', '=', orderId)
      .where('handed_over', '=', 0)
      .orderBy('id', 'asc')
      .execute()
  ).map((row) => row.id);

/** The numbers of purchase contracts, for naming them in messages. */
export const findPurchaseNumbers = async (db: Db, ids: readonly number[]): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('purchases')
    .select(['id', 'purchase_no'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.purchase_no]));
};

export const insertRemit = async (db: Db, row: NewRemitRow): Promise<number> =>
  (await db.insertInto('remits').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const listRemitsOfPurchase = (db: Db, purchaseId: number): Promise<RemitRow[]> =>
  db.selectFrom('remits').selectAll().where('purchase_id', '=', purchaseId).orderBy('id', 'asc').execute();

/** The customer type's name, for the info page. */
export const findCustomerTypeName = async (db: Db, typeId: number): Promise<string | null> =>
  (await db.selectFrom('customer_types').select('name').where('id', '=', typeId).executeTakeFirst())?.name ?? null;

/** The overseas contract of that number: id only (importCars). */
export const findOrderIdByNo = async (db: Db, orderNo: string): Promise<number | undefined> =>
  (await db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirst())?.id;

export const orderExists = async (db: Db, orderId: number): Promise<boolean> =>
  (await db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst()) !== undefined;
