/**
 * The reads and writes of profit: a batch of contracts' records for `computeProfit`, the book rates,
 * the kept per-contract figures (order_profit) with their dirty marks, and the report's queries.
 */
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/text-search';
import type { ProfitCar, ProfitReceipt, ProfitRecord } from './profit-calc';
import type { OrderProfitTable } from './profit.table';

type Fen = number | string | null;
const big = (value: Fen): bigint | null => (value === null ? null : BigInt(value));
const bigOr0 = (value: Fen): bigint => (value === null ? 0n : BigInt(value));

export interface ContractHead {
  id: number;
  order_no: string;
  customer_name: string;
  customer_country: string | null;
  currency: 'USD' | 'CNY';
  total: bigint;
  created_at: string;
}

export interface ContractRecords {
  head: ContractHead;
  cars: ProfitCar[];
  receipts: ProfitReceipt[];
  freights: ProfitRecord[];
  drawbacks: ProfitRecord[];
}

const groupInto = <T>(map: Map<number, T[]>, key: number, value: T) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Records grouped by record id, with their cars. */
const recordsOf = (
  rows: readonly { id: number; order_id: number; money: Fen }[],
  links: readonly { record_id: number; vehicle_id: number }[],
): Map<number, ProfitRecord[]> => {
  const carsOf = new Map<number, number[]>();
  for (const link of links) groupInto(carsOf, link.record_id, link.vehicle_id);
  const byOrder = new Map<number, ProfitRecord[]>();
  for (const row of rows)
    groupInto(byOrder, row.order_id, { id: row.id, money: big(row.money), carIds: carsOf.get(row.id) ?? [] });
  return byOrder;
};

/** Everything `computeProfit` reads for these contracts: five indexed reads, whatever their number. */
export const loadContracts = async (db: Db, orderIds: readonly number[]): Promise<ContractRecords[]> => {
  if (orderIds.length === 0) return [];
  const ids = [...orderIds];
  const [heads, vehicles, receipts, freights, freightLinks, refunds, refundLinks] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'order_no', 'customer_name', 'customer_country', 'currency', 'total', 'created_at'])
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('vehicles')
      .select(['id', 'vin', 'order_id', 'order_price', 'order_invoice', 'order_other', 'price', 'invoice', 'other'])
      .where('order_id', 'in', ids)
      .execute(),
    db
      .selectFrom('receipts')
      .select(['id', 'order_id', 'amount', 'currency', 'settlement'])
      .where('order_id', 'in', ids)
      .execute(),
    db
      .selectFrom('freights')
      .select(['id', 'order_id', 'freight_money as money'])
      .where('order_id', 'in', ids)
      .execute(),
    db
      .selectFrom('freight_vehicles')
      .innerJoin('freights', 'freights.id', 'freight_vehicles.freight_id')
      .select(['freight_vehicles.freight_id as record_id', 'freight_vehicles.vehicle_id'])
      .where('freights.order_id', 'in', ids)
      .execute(),
    db
      .selectFrom('tax_refunds')
      .select(['id', 'order_id', 'drawback_money as money'])
      .where('order_id', 'in', ids)
      .execute(),
    db
      .selectFrom('tax_refund_vehicles')
      .innerJoin('tax_refunds', 'tax_refunds.id', 'tax_refund_vehicles.tax_refund_id')
      .select(['tax_refund_vehicles.tax_refund_id as record_id', 'tax_refund_vehicles.vehicle_id'])
      .where('tax_refunds.order_id', 'in', ids)
      .execute(),
  ]);
  const carsByOrder = new Map<number, ProfitCar[]>();
  for (const row of vehicles) {
    if (row.order_id === null) continue;
    groupInto(carsByOrder, row.order_id, {
      id: row.id,
      vin: row.vin,
      orderPrice: big(row.order_price),
      orderInvoice: big(row.order_invoice),
      orderOther: big(row.order_other),
      price: big(row.price),
      invoice: big(row.invoice),
      other: big(row.other),
    });
  }
  const receiptsByOrder = new Map<number, ProfitReceipt[]>();
  for (const row of receipts)
    groupInto(receiptsByOrder, row.order_id, {
      id: row.id,
      amount: bigOr0(row.amount),
      currency: row.currency === 'CNY' ? 'CNY' : 'USD',
      settlement: big(row.settlement),
    });
  const freightsByOrder = recordsOf(freights, freightLinks);
  const refundsByOrder = recordsOf(refunds, refundLinks);
  return heads.map((head) => ({
    head: {
      id: head.id,
      order_no: head.order_no,
      customer_name: head.customer_name,
      customer_country: head.customer_country,
      currency: head.currency === 'CNY' ? 'CNY' : 'USD',
      total: bigOr0(head.total),
      created_at: head.created_at,
    },
    cars: carsByOrder.get(head.id) ?? [],
    receipts: receiptsByOrder.get(head.id) ?? [],
    freights: freightsByOrder.get(head.id) ?? [],
    drawbacks: refundsByOrder.get(head.id) ?? [],
  }));
};

// ---- rates ----

export const listRates = (db: Db) =>
  db
    .selectFrom('rates')
    .select(['month', 'currency', 'rate_micro', 'updated_at'])
    .orderBy('month', 'desc')
    .orderBy('currency', 'asc')
    .execute();

export const findRate = (db: Db, month: string, currency: string) =>
  db
    .selectFrom('rates')
    .select(['month', 'currency', 'rate_micro', 'updated_at'])
    .where('month', '=', month)
    .where('currency', '=', currency)
    .executeTakeFirst();

/** Every USD rate by month (a table of a few hundred rows at most: one per month). */
export const usdRates = async (db: Db): Promise<Map<string, bigint>> => {
  const rows = await db.selectFrom('rates').select(['month', 'rate_micro']).where('currency', '=', 'USD').execute();
  return new Map(rows.map((row) => [row.month, BigInt(row.rate_micro)]));
};

export const saveRate = async (
  db: Db,
  rate: { month: string; currency: string; rateMicro: bigint; userId: number | null; at: string },
) => {
  await db
    .insertInto('rates')
    .values({
      month: rate.month,
      currency: rate.currency,
      rate_micro: rate.rateMicro.toString(),
      created_by: rate.userId,
      created_at: rate.at,
      updated_at: rate.at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['month', 'currency'])
        .doUpdateSet({ rate_micro: rate.rateMicro.toString(), updated_at: rate.at }),
    )
    .execute();
};

/** A changed rate changes every contract created in its month (stored-form bounds `[from, to)`). */
export const markMonthDirty = async (db: Db, from: string, to: string) => {
  await sql`insert into order_profit_dirty (order_id)
    select id from orders where created_at >= ${from} and created_at < ${to}
    on conflict do nothing`.execute(db);
};

// ---- the kept figures ----

/** The advisory lock key of the refresh (a number no other code uses). */
const PROFIT_REFRESH_LOCK = 2026112726;

/** PostgreSQL: the refresh's transactions take turns (SQLite's writes already do). */
export const takeRefreshTurn = async (db: Db) => {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(${PROFIT_REFRESH_LOCK})`.execute(db);
};

export const dirtyOrderIds = async (db: Db, limit: number): Promise<number[]> =>
  (await db.selectFrom('order_profit_dirty').select('order_id').orderBy('order_id').limit(limit).execute()).map(
    (row) => row.order_id,
  );

export const clearDirty = async (db: Db, ids: readonly number[]) => {
  if (ids.length > 0)
    await db
      .deleteFrom('order_profit_dirty')
      .where('order_id', 'in', [...ids])
      .execute();
};

export const deleteFigures = async (db: Db, ids: readonly number[]) => {
  if (ids.length > 0)
    await db
      .deleteFrom('order_profit')
      .where('order_id', 'in', [...ids])
      .execute();
};

export const upsertFigures = async (db: Db, rows: readonly OrderProfitTable[]) => {
  if (rows.length === 0) return;
  await db
    .insertInto('order_profit')
    .values([...rows])
    .onConflict((conflict) =>
      conflict.column('order_id').doUpdateSet((eb) => ({
        order_no: eb.ref('excluded.order_no'),
        customer_name: eb.ref('excluded.customer_name'),
        country: eb.ref('excluded.country'),
        currency: eb.ref('excluded.currency'),
        created_at: eb.ref('excluded.created_at'),
        month: eb.ref('excluded.month'),
        cars: eb.ref('excluded.cars'),
        revenue: eb.ref('excluded.revenue'),
        costs: eb.ref('excluded.costs'),
        freight: eb.ref('excluded.freight'),
        drawback: eb.ref('excluded.drawback'),
        profit: eb.ref('excluded.profit'),
        margin_bp: eb.ref('excluded.margin_bp'),
        fx_gain: eb.ref('excluded.fx_gain'),
        final: eb.ref('excluded.final'),
      })),
    )
    .execute();
};

// ---- the report ----

export interface ReportFilters {
  /** Stored-form bounds of the period: `[from, to)`. */
  from: string;
  to: string;
  name?: string | undefined;
  country?: string | undefined;
}

/** "Contains", case-insensitive on both databases, with the LIKE wildcards taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const filtered = (db: Db, filters: ReportFilters) => {
  let query = db
    .selectFrom('order_profit')
    .where('order_profit.created_at', '>=', filters.from)
    .where('order_profit.created_at', '<', filters.to);
  if (filters.name !== undefined)
    query = query.where(
      sql<SqlBool>`lower(order_profit.customer_name) like ${containsPattern(filters.name)} escape '\\'`,
    );
  if (filters.country !== undefined)
    query = query.where(
      sql<SqlBool>`lower(coalesce(order_profit.country, '')) like ${containsPattern(filters.country)} escape '\\'`,
    );
  return query;
};

/** Columns a clerk may sort by, as the kept table names them. */
export const SORT_COLUMNS = {
  id: 'order_id',
  order_no: 'order_no',
  customer_name: 'customer_name',
  country: 'country',
  cars: 'cars',
  revenue: 'revenue',
  costs: 'costs',
  freight: 'freight',
  drawback: 'drawback',
  profit: 'profit',
  margin: 'margin_bp',
  fx_gain: 'fx_gain',
  final: 'final',
  created_at: 'created_at',
} as const;
export type SortColumn = (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS];

/**
 * A page of the period's rows in the asked order; unknown figures (null) last either way, then the
 * newest contract first so that equal figures keep one order between pages.
 */
export const reportPage = (
  db: Db,
  filters: ReportFilters,
  sort: { column: SortColumn; direction: 'asc' | 'desc' },
  offset: number,
  limit: number,
) =>
  filtered(db, filters)
    .selectAll('order_profit')
    .orderBy(sql`case when ${sql.ref(`order_profit.${sort.column}`)} is null then 1 else 0 end`)
    .orderBy(sql.ref(`order_profit.${sort.column}`), sort.direction)
    .orderBy('order_profit.order_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

/** The sums over every matching row; null figures count as nothing. */
export const reportTotals = (db: Db, filters: ReportFilters) =>
  filtered(db, filters)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('contracts'),
      sql<Fen>`coalesce(sum(order_profit.cars), 0)`.as('cars'),
      sql<Fen>`coalesce(sum(order_profit.revenue), 0)`.as('revenue'),
      sql<Fen>`coalesce(sum(order_profit.costs), 0)`.as('costs'),
      sql<Fen>`coalesce(sum(order_profit.freight), 0)`.as('freight'),
      sql<Fen>`coalesce(sum(order_profit.drawback), 0)`.as('drawback'),
      sql<Fen>`coalesce(sum(order_profit.profit), 0)`.as('profit'),
      sql<Fen>`coalesce(sum(order_profit.fx_gain), 0)`.as('fx_gain'),
      sql<Fen>`coalesce(sum(case when order_profit.profit is null then 0 else order_profit.revenue end), 0)`.as(
        'known_revenue',
      ),
      sql<Fen>`coalesce(min(order_profit.final), 1)`.as('final'),
    ])
    .executeTakeFirstOrThrow();

/** Profit by month of the contracts' creation. */
export const reportByMonth = (db: Db, filters: ReportFilters) =>
  filtered(db, filters)
    .select(['order_profit.month', sql<Fen>`coalesce(sum(order_profit.profit), 0)`.as('profit')])
    .groupBy('order_profit.month')
    .orderBy('order_profit.month')
    .execute();
