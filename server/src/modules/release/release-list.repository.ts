import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { StageValue } from '../../../../contract/stage';
import type { Db } from '../../db/database';
import { allOf } from '../../db/list-page';
import { containsText, isPostgres, ORDER_NO, VEHICLE_VIN } from '../../db/text-search';

/** The filters of `exportsLists` (and its export). */
export interface ReleaseListFilters {
  orderNo?: string;
  vin?: string;
}

/**
 * The vehicles the release list shows: those waiting in the release flow (for the release pass, the
 * export declaration, or the hand-over to filing). Written as a literal, as the partial index
 * `vehicles_release_list_index` (migration 2026_11_24_1800) states it, so both planners use it.
 */
const IN_RELEASE = sql<SqlBool>`vehicles.flow = ${sql.lit('release')}`;

/**
 * SQLite, without statistics (the server runs none), prefers the flow index's equality to the partial
 * index and then looks every release vehicle up for its contract (9 ms a page at a company's 15,000; 1
 * ms on the partial index alone, which holds the contract ids). It is named for it unless a VIN filter
 * leads through its own trigram table. PostgreSQL's planner has statistics and picks it itself.
 */
const releaseVehicles = (db: Db, filters: ReleaseListFilters): RawBuilder<unknown> =>
  isPostgres(db) || filters.vin ? sql`vehicles` : sql`vehicles indexed by vehicles_release_list_index`;

/** The filters as conditions on the vehicles (each other table's filter a set of ids through its own index). */
const vehicleWhere = (db: Db, filters: ReleaseListFilters): RawBuilder<SqlBool>[] => [
  IN_RELEASE,
  ...(filters.orderNo
    ? [
        sql<SqlBool>`vehicles.order_id in (select orders.id from orders where ${containsText(db, ORDER_NO, filters.orderNo)})`,
      ]
    : []),
  ...(filters.vin ? [containsText(db, VEHICLE_VIN, filters.vin)] : []),
];

/** A group is an overseas contract's id, or null for the vehicles of none (未关联). */
export type GroupKey = number | null;

/** How many contract groups match, and whether the 未关联 group does (it comes after them all). */
export const countGroups = async (
  db: Db,
  filters: ReleaseListFilters,
): Promise<{ contracts: number; notLinked: boolean }> => {
  const where = vehicleWhere(db, filters);
  const [contracts, notLinked] = await Promise.all([
    sql<{
      count: number | string;
    }>`select count(*) as count from (select distinct vehicles.order_id from ${releaseVehicles(db, filters)}
      where ${allOf([...where, sql<SqlBool>`vehicles.order_id is not null`])}) as listed`.execute(db),
    // The contract filter names contracts: no vehicle without one can match it.
    filters.orderNo
      ? Promise.resolve({ rows: [] })
      : sql<{ id: number }>`select vehicles.id as id from ${releaseVehicles(db, filters)}
          where ${allOf([...where, sql<SqlBool>`vehicles.order_id is null`])} limit 1`.execute(db),
  ]);
  return { contracts: Number(contracts.rows[0]?.count ?? 0), notLinked: notLinked.rows.length > 0 };
};

/** The contract ids of a page of groups, newest contract first (the index walked backwards, no sort). */
export const contractIdsOf = async (
  db: Db,
  filters: ReleaseListFilters,
  offset: number,
  limit: number,
): Promise<number[]> => {
  if (limit <= 0) return [];
  const { rows } = await sql<{
    order_id: number;
  }>`select distinct vehicles.order_id as order_id from ${releaseVehicles(db, filters)}
    where ${allOf([...vehicleWhere(db, filters), sql<SqlBool>`vehicles.order_id is not null`])}
    order by vehicles.order_id desc limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => Number(row.order_id));
};

export interface ReleaseListVehicleRow {
  id: number;
  vin: string;
  model: string | null;
  order_id: number | null;
  purchase_id: number | null;
  purchase_no: string | null;
  exports: StageValue;
  release: StageValue;
  exports_id: number | null;
  rate: number | null;
  exports_date: string | null;
  release_id: number | null;
}

/**
 * The matching vehicles of the groups `keys`, in the order they were bought (their ids), with their
 * purchase contract, export declaration and release pass (each link's unique vehicle_id).
 */
export const vehiclesOfGroups = async (
  db: Db,
  filters: ReleaseListFilters,
  keys: readonly GroupKey[],
): Promise<ReleaseListVehicleRow[]> => {
  const contracts = keys.filter((key): key is number => key !== null);
  // One query per kind of group: an `or` of the two made SQLite walk the whole partial index.
  const groups: RawBuilder<SqlBool>[] = [];
  if (contracts.length > 0) groups.push(sql<SqlBool>`vehicles.order_id in (${sql.join(contracts)})`);
  if (keys.includes(null)) groups.push(sql<SqlBool>`vehicles.order_id is null`);
  const parts = await Promise.all(groups.map((group) => vehiclesWhere(db, filters, group)));
  return parts.flat().sort((a, b) => a.id - b.id);
};

const vehiclesWhere = async (
  db: Db,
  filters: ReleaseListFilters,
  group: RawBuilder<SqlBool>,
): Promise<ReleaseListVehicleRow[]> => {
  const { rows } = await sql<ReleaseListVehicleRow>`select vehicles.id, vehicles.vin, vehicles.model,
      vehicles.order_id, vehicles.purchase_id, purchases.purchase_no, vehicles.exports, vehicles.release,
      export_declarations.id as exports_id, export_declarations.rate, export_declarations.exports_date,
      release_pass_vehicles.release_pass_id as release_id
    from ${releaseVehicles(db, filters)}
    left join purchases on purchases.id = vehicles.purchase_id
    left join export_declaration_vehicles on export_declaration_vehicles.vehicle_id = vehicles.id
    left join export_declarations on export_declarations.id = export_declaration_vehicles.export_declaration_id
    left join release_pass_vehicles on release_pass_vehicles.vehicle_id = vehicles.id
    where ${allOf([...vehicleWhere(db, filters), group])}`.execute(db);
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    order_id: row.order_id === null ? null : Number(row.order_id),
    purchase_id: row.purchase_id === null ? null : Number(row.purchase_id),
    exports_id: row.exports_id === null ? null : Number(row.exports_id),
    release_id: row.release_id === null ? null : Number(row.release_id),
    rate: row.rate === null ? null : Number(row.rate),
    exports: Number(row.exports) as StageValue,
    release: Number(row.release) as StageValue,
  }));
};

export interface ReleaseListContractRow {
  id: number;
  order_no: string;
  customer_name: string | null;
  amount: number;
}

/** The contracts `ids` (number, customer, vehicle count), by primary key. */
export const contractsOf = async (db: Db, ids: readonly number[]): Promise<ReleaseListContractRow[]> =>
  ids.length === 0
    ? []
    : (db
        .selectFrom('orders')
        .select(['id', 'order_no', 'customer_name', 'amount'])
        .where('id', 'in', ids)
        .execute() as Promise<ReleaseListContractRow[]>);

/** The contract ids of every group, newest first, in batches below `before` (the export's keyset). */
export const contractIdsBefore = async (
  db: Db,
  filters: ReleaseListFilters,
  before: number | undefined,
  limit: number,
): Promise<{ id: number }[]> => {
  const where = [...vehicleWhere(db, filters), sql<SqlBool>`vehicles.order_id is not null`];
  if (before !== undefined) where.push(sql<SqlBool>`vehicles.order_id < ${before}`);
  const { rows } = await sql<{
    order_id: number;
  }>`select distinct vehicles.order_id as order_id from ${releaseVehicles(db, filters)}
    where ${allOf(where)} order by vehicles.order_id desc limit ${limit}`.execute(db);
  return rows.map((row) => ({ id: Number(row.order_id) }));
};

export interface ReleaseDetailPurchaseRow {
  id: number;
  purchase_no: string;
  customer_name: string | null;
  amount: number;
  order_id: number | null;
  order_no: string | null;
}

/** The release detail page's purchase contract with its overseas contract's number. */
export const findDetailPurchase = (db: Db, id: number): Promise<ReleaseDetailPurchaseRow | undefined> =>
  db
    .selectFrom('purchases')
    .leftJoin('orders', 'orders.id', 'purchases.order_id')
    .select([
      'purchases.id',
      'purchases.purchase_no',
      'purchases.customer_name',
      'purchases.amount',
      'purchases.order_id',
      'orders.order_no',
    ])
    .where('purchases.id', '=', id)
    .executeTakeFirst() as Promise<ReleaseDetailPurchaseRow | undefined>;

/** The release passes of a purchase contract (a pass holds one contract's vehicles), oldest first. */
export const passIdsOfPurchase = async (db: Db, purchaseId: number): Promise<number[]> =>
  (
    await db
      .selectFrom('release_passes')
      .select('id')
      .where('purchase_id', '=', purchaseId)
      .orderBy('id', 'asc')
      .execute()
  ).map((row) => row.id);
