import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { STAGES, type StageValue } from '../../../../contract/stage';
import type { Db } from '../../db/database';
import { containsIgnoringCase, createdRange } from '../../db/list-filters';
import { allOf, batchesNewestFirst, pageByIds } from '../../db/list-page';
import { containsText, ORDER_NO, PURCHASE_NO, VEHICLE_VIN } from '../../db/text-search';
import type { CheckInRow } from './pickup.table';

/** The filters of `entryLists` (and its export). */
export interface PickupFilters {
  orderNo?: string;
  purchaseNo?: string;
  vin?: string;
  entryStart?: string;
  entryEnd?: string;
  releaseStart?: string;
  releaseEnd?: string;
  dlName?: string;
  releaseStatus?: 0 | 2;
}

/** The flows of a vehicle that was handed to the yard: the pickup list keeps showing it afterwards. */
export const PICKUP_LIST_FLOWS = ['pickup', 'registry', 'release', 'filing'] as const;
export type PickupListFlow = (typeof PICKUP_LIST_FLOWS)[number];

export interface PickupListRow {
  id: number;
  vin: string;
  model: string | null;
  flow: PickupListFlow;
  order_id: number | null;
  order_no: string | null;
  purchase_id: number | null;
  purchase_no: string | null;
  entry: StageValue;
  release: StageValue;
  entry_id: number | null;
  dl_name: string | null;
  entry_created_at: string | null;
  release_id: number | null;
  release_created_at: string | null;
}

/**
 * The filters as conditions on `vehicles` alone (db/list-page.ts): each other table's filter is one
 * set of vehicle ids found through that table's own index, never a join per vehicle.
 */
const conditions = (db: Db, timeZone: string, filters: PickupFilters): RawBuilder<SqlBool>[] => {
  const where: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`vehicles.flow in (${sql.join(PICKUP_LIST_FLOWS.map((flow) => sql.lit(flow)))})`,
  ];
  if (filters.orderNo) {
    where.push(
      sql<SqlBool>`vehicles.order_id in (select orders.id from orders where ${containsText(db, ORDER_NO, filters.orderNo)})`,
    );
  }
  if (filters.purchaseNo) {
    where.push(
      sql<SqlBool>`vehicles.purchase_id in (select purchases.id from purchases where ${containsText(db, PURCHASE_NO, filters.purchaseNo)})`,
    );
  }
  if (filters.vin) where.push(containsText(db, VEHICLE_VIN, filters.vin));
  const entry = createdRange(timeZone, filters.entryStart, filters.entryEnd);
  const checkIn: RawBuilder<SqlBool>[] = [];
  if (entry.from) checkIn.push(sql<SqlBool>`check_ins.created_at >= ${entry.from}`);
  if (entry.before) checkIn.push(sql<SqlBool>`check_ins.created_at < ${entry.before}`);
  if (filters.dlName) checkIn.push(containsIgnoringCase('check_ins.dl_name', filters.dlName));
  if (checkIn.length > 0) {
    where.push(sql<SqlBool>`vehicles.id in (select check_ins.vehicle_id from check_ins where ${allOf(checkIn)})`);
  }
  const release = createdRange(timeZone, filters.releaseStart, filters.releaseEnd);
  const pass: RawBuilder<SqlBool>[] = [];
  if (release.from) pass.push(sql<SqlBool>`release_passes.created_at >= ${release.from}`);
  if (release.before) pass.push(sql<SqlBool>`release_passes.created_at < ${release.before}`);
  if (pass.length > 0) {
    where.push(
      sql<SqlBool>`vehicles.id in (select release_pass_vehicles.vehicle_id from release_passes join release_pass_vehicles on release_pass_vehicles.release_pass_id = release_passes.id where ${allOf(pass)})`,
    );
  }
  // 已出库 (2) is a vehicle a release pass covers (its release value is then above 0), found through the
  // pass's link table; 待出库 (0) the others (spec part 2, section 4: the options are 0 and 2).
  const released = sql<SqlBool>`vehicles.id in (select release_pass_vehicles.vehicle_id from release_pass_vehicles)`;
  if (filters.releaseStatus === 2) where.push(released);
  // Through vehicles_release_index (migration 2026_11_24_1400): the few still waiting, not every listed one.
  if (filters.releaseStatus === 0) where.push(sql<SqlBool>`vehicles.release = 0`);
  return where;
};

const filteredIds = (db: Db, timeZone: string, filters: PickupFilters) =>
  db
    .selectFrom('vehicles')
    .select('vehicles.id')
    .where(allOf(conditions(db, timeZone, filters)));

/** The shown rows of the vehicles `ids`, newest first, with their contracts, check-in and release pass. */
const rowsOf = async (db: Db, ids: readonly number[]): Promise<PickupListRow[]> =>
  (await db
    .selectFrom('vehicles')
    .leftJoin('orders', 'orders.id', 'vehicles.order_id')
    .leftJoin('purchases', 'purchases.id', 'vehicles.purchase_id')
    .leftJoin('check_ins', 'check_ins.vehicle_id', 'vehicles.id')
    .leftJoin('release_pass_vehicles', 'release_pass_vehicles.vehicle_id', 'vehicles.id')
    .leftJoin('release_passes', 'release_passes.id', 'release_pass_vehicles.release_pass_id')
    .select([
      'vehicles.id',
      'vehicles.vin',
      'vehicles.model',
      'vehicles.flow',
      'vehicles.order_id',
      'orders.order_no',
      'vehicles.purchase_id',
      'purchases.purchase_no',
      'vehicles.entry',
      'vehicles.release',
      'check_ins.id as entry_id',
      'check_ins.dl_name',
      'check_ins.created_at as entry_created_at',
      'release_passes.id as release_id',
      'release_passes.created_at as release_created_at',
    ])
    .where('vehicles.id', 'in', ids)
    .orderBy('vehicles.id', 'desc')
    .execute()) as PickupListRow[];

export const listPickups = (
  db: Db,
  timeZone: string,
  filters: PickupFilters,
  offset: number,
  limit: number,
): Promise<PickupListRow[]> =>
  pageByIds(
    filteredIds(db, timeZone, filters).orderBy('vehicles.id', 'desc').offset(offset).limit(limit).execute(),
    (ids) => rowsOf(db, ids),
  );

export const countPickups = async (db: Db, timeZone: string, filters: PickupFilters): Promise<number> => {
  const row = await filteredIds(db, timeZone, filters)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** The filtered vehicles in batches, newest first, for the export. */
export const iteratePickups = (
  db: Db,
  timeZone: string,
  filters: PickupFilters,
  batchSize: number,
): AsyncGenerator<PickupListRow[]> =>
  batchesNewestFirst(
    (before, limit) => {
      const query = filteredIds(db, timeZone, filters);
      return (before === undefined ? query : query.where('vehicles.id', '<', before))
        .orderBy('vehicles.id', 'desc')
        .limit(limit)
        .execute();
    },
    (ids) => rowsOf(db, ids),
    batchSize,
  );

export type EntryReadRow = CheckInRow & {
  vin: string;
  order_id: number | null;
  purchase_id: number | null;
  purchase_no: string | null;
  customer_name: string | null;
  amount: number | null;
};

/** One check-in with its vehicle and its purchase contract. */
export const findEntry = (db: Db, id: number): Promise<EntryReadRow | undefined> =>
  db
    .selectFrom('check_ins')
    .innerJoin('vehicles', 'vehicles.id', 'check_ins.vehicle_id')
    .leftJoin('purchases', 'purchases.id', 'vehicles.purchase_id')
    .selectAll('check_ins')
    .select([
      'vehicles.vin',
      'vehicles.order_id',
      'vehicles.purchase_id',
      'purchases.purchase_no',
      'purchases.customer_name',
      'purchases.amount',
    ])
    .where('check_ins.id', '=', id)
    .executeTakeFirst();

export const findCheckIn = (db: Db, id: number): Promise<CheckInRow | undefined> =>
  db.selectFrom('check_ins').selectAll().where('id', '=', id).executeTakeFirst();

export const findVehicleIdByVin = async (db: Db, vin: string): Promise<number | undefined> =>
  (await db.selectFrom('vehicles').select('id').where('vin', '=', vin).executeTakeFirst())?.id;

export const purchaseExists = async (db: Db, id: number): Promise<boolean> =>
  (await db.selectFrom('purchases').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** A vehicle as the hand-over reads it (its flow and stage values), or undefined. */
export const findVehicleState = (db: Db, id: number) =>
  db
    .selectFrom('vehicles')
    .select(['id', 'vin', 'flow', 'order_id', 'purchase_id', ...STAGES])
    .where('id', '=', id)
    .executeTakeFirst();
