import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { createdRange } from '../../db/list-filters';
import { isPostgres } from '../../db/text-search';
import type { Currency } from '../overseas/overseas.table';

/** The report's period: overseas contracts created from `start` to `end` (days, end inclusive). */
export interface ReportPeriod {
  start: string;
  end: string;
}

/** The contracts of the period, through orders_created_at_index (ISO UTC text compares as time). */
const inPeriod = (timeZone: string, period: ReportPeriod): RawBuilder<SqlBool> => {
  const range = createdRange(timeZone, period.start, period.end);
  return sql<SqlBool>`orders.created_at >= ${range.from} and orders.created_at < ${range.before}`;
};

const count = (value: number | string | null | undefined): number => Number(value ?? 0);

export interface ContractFigures {
  currency: Currency;
  orders: number;
  totalFen: number;
}

/** How many contracts of the period, and their totals, per currency. */
export const contractFigures = async (db: Db, timeZone: string, period: ReportPeriod): Promise<ContractFigures[]> => {
  const { rows } = await sql<{
    currency: Currency;
    orders: number | string;
    total: number | string | null;
  }>`select orders.currency as currency, count(*) as orders, sum(orders.total) as total from orders where ${inPeriod(timeZone, period)} group by orders.currency`.execute(
    db,
  );
  return rows.map((row) => ({ currency: row.currency, orders: count(row.orders), totalFen: count(row.total) }));
};

export interface VehicleFigures {
  vehicles: number;
  drawback: number;
  archive: number;
  freight: number;
  complete: number;
}

/** The stage-2 counts of the vehicles on those contracts (DOMAIN.md, Counts). */
const vehicleSums = sql`count(*) as vehicles,
  sum(case when vehicles.drawback = 2 then 1 else 0 end) as drawback,
  sum(case when vehicles.archive = 2 then 1 else 0 end) as archive,
  sum(case when vehicles.freight = 2 then 1 else 0 end) as freight,
  sum(case when vehicles.drawback = 2 and vehicles.archive = 2 and vehicles.freight = 2 then 1 else 0 end) as complete`;

interface VehicleSumsRow {
  vehicles: number | string;
  drawback: number | string | null;
  archive: number | string | null;
  freight: number | string | null;
  complete: number | string | null;
}

const toVehicleFigures = (row: VehicleSumsRow | undefined): VehicleFigures => ({
  vehicles: count(row?.vehicles),
  drawback: count(row?.drawback),
  archive: count(row?.archive),
  freight: count(row?.freight),
  complete: count(row?.complete),
});

/** The period's contracts' vehicles, through vehicles_order_id_index. */
export const vehicleFigures = async (db: Db, timeZone: string, period: ReportPeriod): Promise<VehicleFigures> => {
  const orderIds = sql`select orders.id from orders where ${inPeriod(timeZone, period)}`;
  // PostgreSQL hashed every vehicle of the order_id index against a month's contracts; `= any(array(…))`
  // reads the period's ids first and looks their vehicles up in the index, as SQLite's `in` does.
  const ofPeriod = isPostgres(db)
    ? sql<SqlBool>`vehicles.order_id = any(array(${orderIds}))`
    : sql<SqlBool>`vehicles.order_id in (${orderIds})`;
  const { rows } = await sql<VehicleSumsRow>`select ${vehicleSums} from vehicles where ${ofPeriod}`.execute(db);
  return toVehicleFigures(rows[0]);
};

/** Every contract id of the period, newest first (the export's batches are cut from them). */
export const periodOrderIdsAll = async (db: Db, timeZone: string, period: ReportPeriod): Promise<{ id: number }[]> => {
  const { rows } = await sql<{
    id: number;
  }>`select orders.id as id from orders where ${inPeriod(timeZone, period)} order by (orders.id + 0) desc`.execute(db);
  return rows.map((row) => ({ id: Number(row.id) }));
};

/** One contract's line of the trade income and expense workbook, money in fen. */
export interface TradeLine {
  id: number;
  order_no: string;
  customer_name: string;
  currency: Currency;
  created_at: string;
  totalFen: number;
  receivedFen: number;
  settledFen: number;
  costFen: number;
  remittedFen: number;
  figures: VehicleFigures;
}

const byKey = <R, K>(rows: readonly R[], key: (row: R) => K) => new Map(rows.map((row) => [key(row), row]));

/**
 * The workbook's lines of the contracts `ids` (newest first), one query per figure for the whole batch:
 * the receipts' settlement, the vehicles' purchase-side cost and stage counts, and the remittances of the
 * purchase contracts holding its vehicles, each shared by that purchase contract's vehicle count (a
 * purchase contract of 4 vehicles, 1 of them on this contract, gives it a quarter of its remittances).
 */
export const tradeLines = async (db: Db, ids: readonly number[]): Promise<TradeLine[]> => {
  if (ids.length === 0) return [];
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'order_no', 'customer_name', 'currency', 'created_at', 'total', 'receipt_total'])
    .where('id', 'in', ids)
    .orderBy('id', 'desc')
    .execute();
  const settled = await db
    .selectFrom('receipts')
    .select((eb) => ['order_id', eb.fn.sum<number | string | null>('settlement').as('settled')])
    .where('order_id', 'in', ids)
    .groupBy('order_id')
    .execute();
  const { rows: vehicles } = await sql<
    VehicleSumsRow & { order_id: number; cost: number | string | null }
  >`select vehicles.order_id as order_id, ${vehicleSums},
    sum(coalesce(vehicles.price, 0) + coalesce(vehicles.invoice, 0) + coalesce(vehicles.other, 0)) as cost
    from vehicles where vehicles.order_id in (${sql.join(ids)}) group by vehicles.order_id`.execute(db);
  const held = await db
    .selectFrom('vehicles')
    .select((eb) => ['order_id', 'purchase_id', eb.fn.countAll<number | string>().as('vehicles')])
    .where('order_id', 'in', ids)
    .where('purchase_id', 'is not', null)
    .groupBy(['order_id', 'purchase_id'])
    .execute();
  const purchaseIds = [...new Set(held.map((row) => Number(row.purchase_id)))];
  const purchaseVehicles =
    purchaseIds.length === 0
      ? []
      : await db
          .selectFrom('vehicles')
          .select((eb) => ['purchase_id', eb.fn.countAll<number | string>().as('vehicles')])
          .where('purchase_id', 'in', purchaseIds)
          .groupBy('purchase_id')
          .execute();
  const remitted =
    purchaseIds.length === 0
      ? []
      : await db
          .selectFrom('remits')
          .select((eb) => ['purchase_id', eb.fn.sum<number | string | null>('amount').as('remitted')])
          .where('purchase_id', 'in', purchaseIds)
          .groupBy('purchase_id')
          .execute();
  const settledOf = byKey(settled, (row) => Number(row.order_id));
  const vehiclesOf = byKey(vehicles, (row) => Number(row.order_id));
  const purchaseSize = new Map(purchaseVehicles.map((row) => [Number(row.purchase_id), count(row.vehicles)]));
  const remittedOf = new Map(remitted.map((row) => [Number(row.purchase_id), count(row.remitted)]));
  const shareOf = new Map<number, number>();
  for (const row of held) {
    const purchaseId = Number(row.purchase_id);
    const size = purchaseSize.get(purchaseId) ?? 0;
    if (size === 0) continue;
    const share = Math.round(((remittedOf.get(purchaseId) ?? 0) * count(row.vehicles)) / size);
    const orderId = Number(row.order_id);
    shareOf.set(orderId, (shareOf.get(orderId) ?? 0) + share);
  }
  return orders.map((order) => {
    const cars = vehiclesOf.get(order.id);
    return {
      id: order.id,
      order_no: order.order_no,
      customer_name: order.customer_name,
      currency: order.currency,
      created_at: order.created_at,
      totalFen: count(order.total),
      receivedFen: count(order.receipt_total),
      settledFen: count(settledOf.get(order.id)?.settled),
      costFen: count(cars?.cost),
      remittedFen: shareOf.get(order.id) ?? 0,
      figures: toVehicleFigures(cars),
    };
  });
};
