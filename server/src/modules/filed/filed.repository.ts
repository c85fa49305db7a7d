import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { FiledStage, FiledStatus } from '../../../../contract/filed';
import type { Db } from '../../db/database';
import { allOf, pageByIds } from '../../db/list-page';
import { containsText, ORDER_NO, VEHICLE_VIN } from '../../db/text-search';
import type { DeregistrationRow, FreightRow } from './filed.table';

export interface FiledFilters {
  orderNo?: string | undefined;
  vin?: string | undefined;
  drawback?: FiledStatus | undefined;
  archive?: FiledStatus | undefined;
  freight?: FiledStatus | undefined;
}

const FILED_STAGES_OF_FILTER = ['drawback', 'archive', 'freight'] as const satisfies readonly FiledStage[];

/**
 * Whether the contract (the row of `orders`) holds a vehicle in filing, with `extra` true of it: an index
 * seek into vehicles_filing_order_index (migration 2026_11_24_1900: exactly the vehicles in filing, by
 * contract, with their three values), so the check reads the index alone. The conditions are literals, as
 * the partial index's are: both planners match a partial index only against constants.
 */
const holdsFiling = (extra?: RawBuilder<SqlBool>): RawBuilder<SqlBool> =>
  sql<SqlBool>`exists (select 1 from vehicles filed where filed.order_id = orders.id and filed.flow = ${sql.lit('filing')} and filed.order_id is not null${extra ? sql` and ${extra}` : sql``})`;

/** A vehicle in filing whose stage is not complete (a freight record missing a document is not). */
const incomplete = (stage: FiledStage): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(`filed.${stage}`)} < ${sql.lit(2)}`;

/**
 * The filed list's contracts: those holding vehicles in filing. A status filter speaks of the contract:
 * 0 (未完成) when one of its filing vehicles lacks the stage, 2 (已完成) when none does. The page walks the
 * contracts newest first and stops at the page's last one, each checked by one or two index seeks (most
 * contracts of a company end in filing, so the walk finds a page at once); the vehicles' own group-by
 * walk was planned on the flow index at 500,000 vehicles (1 s). The text filters narrow the contracts
 * first (the order number and the VIN through their trigram indexes).
 */
const filedConditions = (db: Db, filters: FiledFilters): RawBuilder<SqlBool> => {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (filters.orderNo) conditions.push(containsText(db, ORDER_NO, filters.orderNo));
  if (filters.vin) {
    // The contract holds a vehicle in filing whose VIN contains the text; the card shows all of them.
    conditions.push(
      sql<SqlBool>`orders.id in (select matched.order_id from vehicles matched where ${containsText(db, VEHICLE_VIN, filters.vin, 'matched')} and matched.flow = ${sql.lit('filing')})`,
    );
  }
  const pending = FILED_STAGES_OF_FILTER.filter((stage) => filters[stage] === 0);
  const done = FILED_STAGES_OF_FILTER.filter((stage) => filters[stage] === 2);
  // A pending stage's seek already says the contract holds a vehicle in filing.
  if (pending.length === 0) conditions.push(holdsFiling());
  for (const stage of pending) conditions.push(holdsFiling(incomplete(stage)));
  for (const stage of done) conditions.push(sql<SqlBool>`not ${holdsFiling(incomplete(stage))}`);
  return allOf(conditions);
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
  const ids = await db
    .selectFrom('orders')
    .select('orders.id')
    .where(filedConditions(db, filters))
    .orderBy('orders.id', 'desc')
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
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(filedConditions(db, filters))
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
