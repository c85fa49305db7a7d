import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { RegistryTab } from '../../../../contract/registry';
import type { StageValue } from '../../../../contract/stage';
import type { Db } from '../../db/database';
import { allOf, pageByIds } from '../../db/list-page';
import { containsText, VEHICLE_VIN } from '../../db/text-search';
import type { PlatingRow, TransferRow } from './registry.table';

/** The filters of `plateLists` / `transferLists`. */
export interface RegistryFilters {
  /** 1 new cars (purchase type 1), 2 used cars (type 2). */
  tab: RegistryTab;
  vin?: string;
  /** One overseas contract's cars (through the vehicles' order index). */
  orderId?: number;
}

/**
 * The tabs are 待上牌 and 待过户: only vehicles still in the registry. A car handed on to release or
 * filing left the registry's work (issue 24: it was listed as 已移交… after the waiting ones).
 */
export type RegistryListFlow = 'registry';

export interface RegistryListRow {
  id: number;
  vin: string;
  model: string | null;
  flow: RegistryListFlow;
  order_id: number | null;
  order_no: string | null;
  purchase_id: number | null;
  purchase_no: string | null;
  purchase_type: number | null;
  plate: StageValue;
  transfer: StageValue;
  plate_id: number | null;
  plate_rate: number | null;
  plate_created_at: string | null;
  transfer_id: number | null;
  transfer_rate: number | null;
  transfer_created_at: string | null;
}

/**
 * The vehicles still in the registry whose purchase contract is of the tab's type: a few thousand at
 * most at a company, walked on the flow index. The purchase type is a lookup of the vehicle's own
 * contract by its primary key (a scalar subquery, not `exists`: PostgreSQL would hash every contract
 * of the type).
 */
const waitingWhere = (db: Db, filters: RegistryFilters): RawBuilder<SqlBool> =>
  allOf([
    sql<SqlBool>`vehicles.flow = 'registry'`,
    sql<SqlBool>`(select purchases.type from purchases where purchases.id = vehicles.purchase_id) = ${filters.tab}`,
    ...(filters.vin ? [containsText(db, VEHICLE_VIN, filters.vin)] : []),
    ...(filters.orderId !== undefined ? [sql<SqlBool>`vehicles.order_id = ${filters.orderId}`] : []),
  ]);

const countWaiting = async (db: Db, filters: RegistryFilters): Promise<number> => {
  const { rows } = await sql<{
    count: number | string;
  }>`select count(*) as count from vehicles where ${waitingWhere(db, filters)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
};

const waitingIds = async (db: Db, filters: RegistryFilters, offset: number, limit: number): Promise<number[]> => {
  if (limit <= 0) return [];
  const { rows } = await sql<{ id: number }>`select vehicles.id as id from vehicles where ${waitingWhere(db, filters)}
    order by vehicles.id desc limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => Number(row.id));
};

/**
 * The registry's waiting vehicles of the tab: how many, and those on the page. They are read in one
 * walk when they are few (a few thousand at a company: 2,800 of the bench's 7,500), the page cut from
 * them, instead of walking the registry twice (a count, then the page), each vehicle with a lookup of
 * its purchase contract's type: 2.4 ms a walk on SQLite, 7 ms on PostgreSQL. Past
 * WAITING_READ_AT_ONCE the count and the page are read apart.
 */
const WAITING_READ_AT_ONCE = 5_000;

const waitingPage = async (
  db: Db,
  filters: RegistryFilters,
  offset: number,
  limit: number,
): Promise<{ waiting: number; first: number[] }> => {
  const all = await waitingIds(db, filters, 0, WAITING_READ_AT_ONCE + 1);
  if (all.length <= WAITING_READ_AT_ONCE) return { waiting: all.length, first: all.slice(offset, offset + limit) };
  const waiting = await countWaiting(db, filters);
  return { waiting, first: offset < waiting ? await waitingIds(db, filters, offset, limit) : [] };
};

/** The shown rows of the vehicles `ids`, in the order of `ids`. */
const rowsOf = async (db: Db, ids: readonly number[]): Promise<RegistryListRow[]> => {
  const rows = (await db
    .selectFrom('vehicles')
    .leftJoin('orders', 'orders.id', 'vehicles.order_id')
    .leftJoin('purchases', 'purchases.id', 'vehicles.purchase_id')
    .leftJoin('platings', 'platings.vehicle_id', 'vehicles.id')
    .leftJoin('transfers', 'transfers.vehicle_id', 'vehicles.id')
    .select([
      'vehicles.id',
      'vehicles.vin',
      'vehicles.model',
      'vehicles.flow',
      'vehicles.order_id',
      'orders.order_no',
      'vehicles.purchase_id',
      'purchases.purchase_no',
      'purchases.type as purchase_type',
      'vehicles.plate',
      'vehicles.transfer',
      'platings.id as plate_id',
      'platings.rate as plate_rate',
      'platings.created_at as plate_created_at',
      'transfers.id as transfer_id',
      'transfers.rate as transfer_rate',
      'transfers.created_at as transfer_created_at',
    ])
    .where('vehicles.id', 'in', ids)
    .execute()) as RegistryListRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** A page of the registry list: the tab's vehicles still in the registry, newest first. */
export const listRegistry = async (
  db: Db,
  filters: RegistryFilters,
  offset: number,
  limit: number,
): Promise<{ rows: RegistryListRow[]; total: number }> => {
  const { waiting, first } = await waitingPage(db, filters, offset, limit);
  const rows = await pageByIds(Promise.resolve(first.map((id) => ({ id }))), (page) => rowsOf(db, page));
  return { rows, total: waiting };
};

interface ContractColumns {
  vin: string;
  order_id: number | null;
  order_no: string | null;
  purchase_id: number | null;
  purchase_no: string | null;
  customer_name: string | null;
  amount: number | null;
}

export type PlateReadRow = PlatingRow & ContractColumns;
export type TransferReadRow = TransferRow & ContractColumns;

const contractColumns = [
  'vehicles.vin',
  'vehicles.order_id',
  'orders.order_no',
  'vehicles.purchase_id',
  'purchases.purchase_no',
  'purchases.customer_name',
  'purchases.amount',
] as const;

/** One plating with its vehicle and its contracts. */
export const findPlateRead = (db: Db, id: number): Promise<PlateReadRow | undefined> =>
  db
    .selectFrom('platings')
    .innerJoin('vehicles', 'vehicles.id', 'platings.vehicle_id')
    .leftJoin('orders', 'orders.id', 'vehicles.order_id')
    .leftJoin('purchases', 'purchases.id', 'vehicles.purchase_id')
    .selectAll('platings')
    .select(contractColumns)
    .where('platings.id', '=', id)
    .executeTakeFirst();

/** One transfer with its vehicle and its contracts. */
export const findTransferRead = (db: Db, id: number): Promise<TransferReadRow | undefined> =>
  db
    .selectFrom('transfers')
    .innerJoin('vehicles', 'vehicles.id', 'transfers.vehicle_id')
    .leftJoin('orders', 'orders.id', 'vehicles.order_id')
    .leftJoin('purchases', 'purchases.id', 'vehicles.purchase_id')
    .selectAll('transfers')
    .select(contractColumns)
    .where('transfers.id', '=', id)
    .executeTakeFirst();

export const findPlating = (db: Db, id: number): Promise<PlatingRow | undefined> =>
  db.selectFrom('platings').selectAll().where('id', '=', id).executeTakeFirst();

export const findTransfer = (db: Db, id: number): Promise<TransferRow | undefined> =>
  db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirst();

/** The vehicle of a VIN with its purchase contract's type (1 new, 2 used; null without a contract). */
export const findRegistryVehicle = (db: Db, vin: string) =>
  db
    .selectFrom('vehicles')
    .leftJoin('purchases', 'purchases.id', 'vehicles.purchase_id')
    .select(['vehicles.id as id', 'purchases.type as purchase_type'])
    .where('vehicles.vin', '=', vin)
    .executeTakeFirst();

/**
 * The purchase contracts of an overseas contract that hold a vehicle still in the registry (both tabs):
 * what `transferHandOver` with `order_id` hands over. The contract's vehicles through their order index.
 */
export const registryPurchasesOfOrder = async (db: Db, orderId: number): Promise<number[]> => {
  const rows = await db
    .selectFrom('vehicles')
    .select('vehicles.purchase_id as purchase_id')
    .distinct()
    .where('vehicles.order_id', '=', orderId)
    .where(sql<SqlBool>`vehicles.flow = ${sql.lit('registry')}`)
    .where('vehicles.purchase_id', 'is not', null)
    .orderBy('vehicles.purchase_id')
    .execute();
  return rows.map((row) => Number(row.purchase_id));
};
