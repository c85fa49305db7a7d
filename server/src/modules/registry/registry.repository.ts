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
}

/** Vehicles handed on from the registry: still listed, after the waiting ones, so each step shows. */
export const REGISTRY_LATER_FLOWS = ['release', 'filing'] as const;
export type RegistryListFlow = 'registry' | (typeof REGISTRY_LATER_FLOWS)[number];

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
 * The filters as conditions on `vehicles` (db/list-page.ts). The purchase type is a lookup of the
 * vehicle's own contract by its primary key: purchases has no index on `type`, and a two-valued column
 * would not make one worth keeping.
 */
const conditions = (db: Db, filters: RegistryFilters, waiting: boolean): RawBuilder<SqlBool>[] => {
  const where: RawBuilder<SqlBool>[] = [
    waiting
      ? sql<SqlBool>`vehicles.flow = 'registry'`
      : sql<SqlBool>`vehicles.flow in (${sql.join(REGISTRY_LATER_FLOWS.map((flow) => sql.lit(flow)))})`,
    // A scalar subquery, not `exists`: PostgreSQL would turn `exists` into a hash of every contract of the type.
    sql<SqlBool>`(select purchases.type from purchases where purchases.id = vehicles.purchase_id) = ${filters.tab}`,
  ];
  if (filters.vin) where.push(containsText(db, VEHICLE_VIN, filters.vin));
  return where;
};

const filteredIds = (db: Db, filters: RegistryFilters, waiting: boolean) =>
  db
    .selectFrom('vehicles')
    .select('vehicles.id')
    .where(allOf(conditions(db, filters, waiting)));

const countOf = async (db: Db, filters: RegistryFilters, waiting: boolean): Promise<number> => {
  const row = await filteredIds(db, filters, waiting)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

const idsOf = async (
  db: Db,
  filters: RegistryFilters,
  waiting: boolean,
  offset: number,
  limit: number,
): Promise<number[]> =>
  limit <= 0
    ? []
    : (
        await filteredIds(db, filters, waiting).orderBy('vehicles.id', 'desc').offset(offset).limit(limit).execute()
      ).map((row) => row.id);

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

/**
 * A page of the registry list: the vehicles still waiting in the registry first (the clerk's work),
 * newest first, then those already handed on, newest first. Each part is an ids-first walk of its own
 * flow (the flow index), so no page sorts the whole table; the waiting part's size decides where the
 * page starts in the second.
 */
export const listRegistry = async (
  db: Db,
  filters: RegistryFilters,
  offset: number,
  limit: number,
): Promise<{ rows: RegistryListRow[]; total: number }> => {
  const [waiting, later] = await Promise.all([countOf(db, filters, true), countOf(db, filters, false)]);
  const waitingIds = offset < waiting ? await idsOf(db, filters, true, offset, limit) : [];
  const laterIds = await idsOf(db, filters, false, Math.max(0, offset - waiting), limit - waitingIds.length);
  const ids = [...waitingIds, ...laterIds];
  const rows = await pageByIds(Promise.resolve(ids.map((id) => ({ id }))), (page) => rowsOf(db, page));
  return { rows, total: waiting + later };
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

export const findVehicleIdByVin = async (db: Db, vin: string): Promise<number | undefined> =>
  (await db.selectFrom('vehicles').select('id').where('vin', '=', vin).executeTakeFirst())?.id;
