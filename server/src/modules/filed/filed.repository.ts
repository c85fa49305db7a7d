import { type SqlBool, sql } from 'kysely';
import type { FiledStage, FiledStatus } from '../../../../contract/filed';
import type { Db } from '../../db/database';
import { pageByIds } from '../../db/list-page';
import { containsText, ORDER_NO, VEHICLE_VIN } from '../../db/text-search';
import type { DeregistrationRow, FreightRow } from './filed.table';

export interface FiledFilters {
  orderNo?: string | undefined;
  vin?: string | undefined;
  drawback?: FiledStatus | undefined;
  archive?: FiledStatus | undefined;
  freight?: FiledStatus | undefined;
}

/**
 * The contracts of the filed list as one grouped walk of the filing vehicles (the partial index
 * vehicles_filing_order_index of migration 2026_11_24_1900: exactly the vehicles in filing, by contract,
 * with the three values): newest contract first, one group per contract. A status filter is a `min(…)`
 * over the group: 2 (已完成) when the least value is 2, every vehicle complete; 0 (未完成) when it is
 * below. The text filters narrow the contracts first (order_no through its trigram index, a VIN
 * through the vehicles' one), so the walk only groups theirs.
 */
const filedOrderIds = (db: Db, filters: FiledFilters) => {
  let query = db
    .selectFrom('vehicles')
    .select('vehicles.order_id as id')
    .where('vehicles.flow', '=', sql.lit('filing'))
    .where('vehicles.order_id', 'is not', null);
  if (filters.orderNo) {
    query = query.where(
      sql<SqlBool>`vehicles.order_id in (select orders.id from orders where ${containsText(db, ORDER_NO, filters.orderNo)})`,
    );
  }
  if (filters.vin) {
    // The contract holds a vehicle in filing whose VIN contains the text; the card shows all of them.
    query = query.where(
      sql<SqlBool>`vehicles.order_id in (select matched.order_id from vehicles matched where ${containsText(db, VEHICLE_VIN, filters.vin, 'matched')} and matched.flow = ${sql.lit('filing')})`,
    );
  }
  query = query.groupBy('vehicles.order_id');
  for (const stage of ['drawback', 'archive', 'freight'] as const satisfies readonly FiledStage[]) {
    const status = filters[stage];
    if (status === undefined) continue;
    const least = sql`min(${sql.ref(`vehicles.${stage}`)})`;
    query = query.having(
      status === 2 ? sql<SqlBool>`${least} = ${sql.lit(2)}` : sql<SqlBool>`${least} < ${sql.lit(2)}`,
    );
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
  const ids = (
    await filedOrderIds(db, filters).orderBy('vehicles.order_id', 'desc').limit(limit).offset(offset).execute()
  ).flatMap((row) => (row.id === null ? [] : [{ id: row.id }]));
  let vehicles: FiledVehicleRow[] = [];
  const orders = await pageByIds(Promise.resolve(ids), async (page) => {
    const [orderRows, vehicleRows] = await Promise.all([
      db
        .selectFrom('orders')
        .select(['id', 'order_no', 'customer_name', 'status', 'amount', 'created_at'])
        .where('id', 'in', page)
        .execute(),
      db
        .selectFrom('vehicles')
        .select(['id', 'order_id', 'vin', 'model', 'drawback', 'archive', 'freight'])
        .where('order_id', 'in', page)
        .where('flow', '=', sql.lit('filing'))
        .orderBy('id', 'asc')
        .execute(),
    ]);
    vehicles = vehicleRows;
    const byId = new Map(orderRows.map((row) => [row.id, row]));
    return page.flatMap((id) => byId.get(id) ?? []);
  });
  return { orders, vehicles };
};

export const countFiledOrders = async (db: Db, filters: FiledFilters): Promise<number> => {
  const row = await db
    .selectFrom(filedOrderIds(db, filters).as('filed'))
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
