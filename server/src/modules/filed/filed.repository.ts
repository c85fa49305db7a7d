import { type SqlBool, sql } from 'kysely';
import type { FiledStage, FiledStatus } from '../../../../contract/filed';
import type { Db } from '../../db/database';
import { pageByIds } from '../../db/list-page';
import { containsText, ORDER_NO, VEHICLE_VIN } from '../../db/text-search';
import type { DeregistrationRow, FreightRow, TaxRefundRow } from './filed.table';

export interface FiledFilters {
  orderNo?: string | undefined;
  vin?: string | undefined;
  drawback?: FiledStatus | undefined;
  archive?: FiledStatus | undefined;
  freight?: FiledStatus | undefined;
}

const FILED_STAGES_OF_FILTER = ['drawback', 'archive', 'freight'] as const satisfies readonly FiledStage[];

/**
 * The filed list's contracts: those holding vehicles in filing, read from `order_filing` (migration
 * 2026_11_24_1900: per contract, its vehicles in filing and how many lack each stage, kept by triggers),
 * newest first. A status filter speaks of the contract: 0 (未完成) when one of its filing vehicles lacks
 * the stage, 2 (已完成) when none does. The text filters narrow the contracts through their trigram
 * indexes (the VIN: a vehicle in filing whose VIN contains the text; the card shows all of them).
 * `vehicles > 0` is a literal, as the partial index's condition is: both planners match a partial index
 * only against constants.
 */
const filedContracts = (db: Db, filters: FiledFilters) => {
  let query = db.selectFrom('order_filing').where('order_filing.vehicles', '>', sql.lit(0));
  if (filters.orderNo) {
    const matched = containsText(db, ORDER_NO, filters.orderNo);
    query = query.where(sql<SqlBool>`order_filing.order_id in (select orders.id from orders where ${matched})`);
  }
  if (filters.vin) {
    const matched = containsText(db, VEHICLE_VIN, filters.vin, 'matched');
    query = query.where(
      sql<SqlBool>`order_filing.order_id in (select matched.order_id from vehicles matched where ${matched} and matched.flow = ${sql.lit('filing')})`,
    );
  }
  for (const stage of FILED_STAGES_OF_FILTER) {
    const status = filters[stage];
    if (status === undefined) continue;
    query = query.where(`order_filing.lacking_${stage}`, status === 0 ? '>' : '=', sql.lit(0));
  }
  return query;
};

export interface FiledOrderRow {
  id: number;
  order_no: string;
  customer_name: string;
  status: number;
  amount: number;
  created_at: string;
}

export interface FiledVehicleRow {
  id: number;
  order_id: number | null;
  vin: string;
  model: string | null;
  drawback: number;
  archive: number;
  freight: number;
}

export const listFiledOrders = async (
  db: Db,
  filters: FiledFilters,
  offset: number,
  limit: number,
): Promise<{ orders: FiledOrderRow[]; vehicles: FiledVehicleRow[] }> => {
  const ids = await filedContracts(db, filters)
    .select('order_filing.order_id as id')
    .orderBy('order_filing.order_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  let vehicles: FiledVehicleRow[] = [];
  const orders = await pageByIds(Promise.resolve(ids), async (page) => {
    const [orderRows, vehicleRows] = await Promise.all([
      db
        .selectFrom('orders')
        .select(['id', 'order_no', 'customer_name', 'status', 'amount', 'created_at'])
        .where('id', 'in', page)
        .execute(),
      // Every vehicle of the page's contracts through vehicles_order_id_index (a dozen each), the filing ones
      // kept here: with `flow = 'filing'` in the query SQLite read the flow index instead (98 ms, not 1 ms).
      db
        .selectFrom('vehicles')
        .select(['id', 'order_id', 'vin', 'model', 'flow', 'drawback', 'archive', 'freight'])
        .where('order_id', 'in', page)
        .orderBy('id', 'asc')
        .execute(),
    ]);
    vehicles = vehicleRows.flatMap(({ flow, ...vehicle }) => (flow === 'filing' ? [vehicle] : []));
    const byId = new Map(orderRows.map((row) => [row.id, row]));
    return page.flatMap((id) => byId.get(id) ?? []);
  });
  return { orders, vehicles };
};

export const countFiledOrders = async (db: Db, filters: FiledFilters): Promise<number> => {
  const row = await filedContracts(db, filters)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

// ---- the records ----

export interface RecordOrder {
  order_no: string | null;
  customer_name: string | null;
}

export type DeregistrationReadRow = DeregistrationRow & RecordOrder;
export type FreightReadRow = FreightRow & RecordOrder;
export type TaxRefundReadRow = TaxRefundRow & RecordOrder;

export const findTaxRefundRow = (db: Db, id: number): Promise<TaxRefundRow | undefined> =>
  db.selectFrom('tax_refunds').selectAll().where('id', '=', id).executeTakeFirst();

/** A tax refund with the contract's number and customer (the edit page's `drawbackSingle`). */
export const findTaxRefund = (db: Db, id: number): Promise<TaxRefundReadRow | undefined> =>
  db
    .selectFrom('tax_refunds')
    .leftJoin('orders', 'orders.id', 'tax_refunds.order_id')
    .selectAll('tax_refunds')
    .select(['orders.order_no', 'orders.customer_name'])
    .where('tax_refunds.id', '=', id)
    .executeTakeFirst();

/** The vehicles a tax refund holds, in the order they were bought. */
export const taxRefundVehicles = (db: Db, id: number): Promise<RecordVehicle[]> =>
  db
    .selectFrom('tax_refund_vehicles')
    .innerJoin('vehicles', 'vehicles.id', 'tax_refund_vehicles.vehicle_id')
    .select(['tax_refund_vehicles.tax_refund_id as record_id', 'vehicles.id', 'vehicles.vin', 'vehicles.model'])
    .where('tax_refund_vehicles.tax_refund_id', '=', id)
    .orderBy('vehicles.id', 'asc')
    .execute();

export const findDeregistrationRow = (db: Db, id: number): Promise<DeregistrationRow | undefined> =>
  db.selectFrom('deregistrations').selectAll().where('id', '=', id).executeTakeFirst();

export const findFreightRow = (db: Db, id: number): Promise<FreightRow | undefined> =>
  db.selectFrom('freights').selectAll().where('id', '=', id).executeTakeFirst();

/** Deregistrations by id or of a contract, oldest first, with the contract's number and customer. */
export const findDeregistrations = (
  db: Db,
  by: { ids: readonly number[] } | { orderId: number },
): Promise<DeregistrationReadRow[]> => {
  let query = db
    .selectFrom('deregistrations')
    .leftJoin('orders', 'orders.id', 'deregistrations.order_id')
    .selectAll('deregistrations')
    .select(['orders.order_no', 'orders.customer_name']);
  if ('ids' in by) {
    if (by.ids.length === 0) return Promise.resolve([]);
    query = query.where('deregistrations.id', 'in', by.ids);
  } else query = query.where('deregistrations.order_id', '=', by.orderId);
  return query.orderBy('deregistrations.id', 'asc').execute();
};

export const findFreights = (db: Db, ids: readonly number[]): Promise<FreightReadRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('freights')
        .leftJoin('orders', 'orders.id', 'freights.order_id')
        .selectAll('freights')
        .select(['orders.order_no', 'orders.customer_name'])
        .where('freights.id', 'in', ids)
        .orderBy('freights.id', 'asc')
        .execute();

export interface RecordVehicle {
  record_id: number;
  id: number;
  vin: string;
  model: string | null;
}

/** The vehicles the deregistrations `ids` hold, in the order they were bought. */
export const deregisteredVehicles = (db: Db, ids: readonly number[]): Promise<RecordVehicle[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('deregistration_vehicles')
        .innerJoin('vehicles', 'vehicles.id', 'deregistration_vehicles.vehicle_id')
        .select([
          'deregistration_vehicles.deregistration_id as record_id',
          'vehicles.id',
          'vehicles.vin',
          'vehicles.model',
        ])
        .where('deregistration_vehicles.deregistration_id', 'in', ids)
        .orderBy('vehicles.id', 'asc')
        .execute();

/** The vehicles the freight records `ids` hold, in the order they were bought. */
export const freightVehicles = (db: Db, ids: readonly number[]): Promise<RecordVehicle[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('freight_vehicles')
        .innerJoin('vehicles', 'vehicles.id', 'freight_vehicles.vehicle_id')
        .select(['freight_vehicles.freight_id as record_id', 'vehicles.id', 'vehicles.vin', 'vehicles.model'])
        .where('freight_vehicles.freight_id', 'in', ids)
        .orderBy('vehicles.id', 'asc')
        .execute();
