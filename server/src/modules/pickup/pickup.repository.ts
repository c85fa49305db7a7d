import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { STAGES, type StageValue } from '../../../../contract/stage';
import type { Db } from '../../db/database';
import { containsAmongFew } from '../../db/few-values';
import { createdRange } from '../../db/list-filters';
import { allOf, batchesNewestFirst, pageByIds } from '../../db/list-page';
import { containsText, ORDER_NO, PURCHASE_NO, VEHICLE_VIN } from '../../db/text-search';
import { readCounters } from '../../platform/counters/counters.repository';
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
 * Where the ids of a filtered list come from: the vehicles, or the one other table whose filters are
 * the only ones set. `from` is the table (or join), `id` the vehicle id there, `order` what the page
 * sorts by (the id itself, or `id + 0` where an index walk in id order would skip most rows).
 */
interface IdSource {
  from: RawBuilder<unknown>;
  id: RawBuilder<number>;
  order: RawBuilder<number>;
  where: RawBuilder<SqlBool>;
}

const CHECK_IN_FILTERS = new Set<string>(['dlName', 'entryStart', 'entryEnd']);
const RELEASE_FILTERS = new Set<string>(['releaseStart', 'releaseEnd']);

/** Whether every filter set is one of `keys`. */
const onlyAmong = (filters: PickupFilters, keys: ReadonlySet<string>): boolean =>
  Object.entries(filters).every(([key, value]) => value === undefined || value === '' || keys.has(key));

/**
 * A date range picks rows clustered in time, and ids grow with time: walking an id index newest first
 * would pass every newer row before the range (PostgreSQL chose that for an old month: 615 ms). `+ 0`
 * makes the order an expression no index serves, so the range's own index finds the rows and only they
 * are sorted.
 */
const sortedAfterRange = (id: RawBuilder<number>, ranged: boolean): RawBuilder<number> =>
  ranged ? sql<number>`(${id} + 0)` : id;

/**
 * The filters as conditions on one table (db/list-page.ts): each other table's filter is one set of
 * vehicle ids found through that table's own index, never a join per vehicle. When the only filters are
 * the check-in's (agent, entry dates), or the release pass's (release dates), that table alone gives the
 * ids: a checked-in or released vehicle is always in a flow this list shows (the record needs the pickup
 * flow or a later one, and a vehicle never moves back), so the count and the page need not visit 55,000
 * vehicles for one agent's 55,000 check-ins (211 ms and 67 ms on SQLite at a company's size; about 1 ms
 * each on `(dl_name, vehicle_id)`).
 */
const idSource = async (db: Db, timeZone: string, filters: PickupFilters): Promise<IdSource> => {
  const entry = createdRange(timeZone, filters.entryStart, filters.entryEnd);
  const checkIn: RawBuilder<SqlBool>[] = [];
  if (entry.from) checkIn.push(sql<SqlBool>`check_ins.created_at >= ${entry.from}`);
  if (entry.before) checkIn.push(sql<SqlBool>`check_ins.created_at < ${entry.before}`);
  const entryRanged = checkIn.length > 0;
  if (filters.dlName) checkIn.push(await containsAmongFew(db, 'check_ins', 'dl_name', filters.dlName));
  if (checkIn.length > 0 && onlyAmong(filters, CHECK_IN_FILTERS)) {
    const id = sql.ref<number>('check_ins.vehicle_id');
    return { from: sql`check_ins`, id, order: sortedAfterRange(id, entryRanged), where: allOf(checkIn) };
  }

  const release = createdRange(timeZone, filters.releaseStart, filters.releaseEnd);
  const pass: RawBuilder<SqlBool>[] = [];
  if (release.from) pass.push(sql<SqlBool>`release_passes.created_at >= ${release.from}`);
  if (release.before) pass.push(sql<SqlBool>`release_passes.created_at < ${release.before}`);
  const passVehicles = sql`release_passes join release_pass_vehicles on release_pass_vehicles.release_pass_id = release_passes.id`;
  if (pass.length > 0 && onlyAmong(filters, RELEASE_FILTERS)) {
    const id = sql.ref<number>('release_pass_vehicles.vehicle_id');
    return { from: passVehicles, id, order: sortedAfterRange(id, true), where: allOf(pass) };
  }

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
  if (checkIn.length > 0) {
    where.push(sql<SqlBool>`vehicles.id in (select check_ins.vehicle_id from check_ins where ${allOf(checkIn)})`);
  }
  if (pass.length > 0) {
    where.push(
      sql<SqlBool>`vehicles.id in (select release_pass_vehicles.vehicle_id from ${passVehicles} where ${allOf(pass)})`,
    );
  }
  // 已出库 (2): a release pass covers the vehicle, so its release value is above 0; most listed vehicles
  // at a company are, so the newest-first walk finds a page at once (`+ 0`: not through the release
  // index, whose range would hold nearly every vehicle). PostgreSQL hashed all 450,000 links for the
  // membership test it replaces (25 ms). 待出库 (0) the others, through vehicles_release_index
  // (migration 2026_11_24_1400): the few still waiting, not every listed one.
  if (filters.releaseStatus === 2) where.push(sql<SqlBool>`vehicles.release + 0 > 0`);
  if (filters.releaseStatus === 0) where.push(sql<SqlBool>`vehicles.release = 0`);
  const id = sql.ref<number>('vehicles.id');
  return { from: sql`vehicles`, id, order: id, where: allOf(where) };
};

/** The filtered ids newest first: `offset` rows skipped, or those below `before` (the export's keyset). */
const idsOf = async (
  db: Db,
  source: IdSource,
  limit: number,
  from: { offset: number } | { before: number | undefined },
): Promise<{ id: number }[]> => {
  const below = 'before' in from && from.before !== undefined ? sql` and ${source.id} < ${from.before}` : sql``;
  const skip = 'offset' in from ? sql` offset ${from.offset}` : sql``;
  const { rows } = await sql<{
    id: number;
  }>`select ${source.id} as id from ${source.from} where ${source.where}${below} order by ${source.order} desc limit ${limit}${skip}`.execute(
    db,
  );
  return rows.map((row) => ({ id: Number(row.id) }));
};

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
    idSource(db, timeZone, filters).then((source) => idsOf(db, source, limit, { offset })),
    (ids) => rowsOf(db, ids),
  );

/**
 * The totals a clerk sees most, from the counters the database keeps (migrations 2026_11_24_1100 and
 * 1600) instead of counting ~450,000 vehicles on every page: every vehicle handed to the yard, and of
 * those the released ones (`carRelease`: a release value above 0 exists only in the release flow or a
 * later one, the lifecycle refuses it elsewhere and a vehicle never moves back) and the waiting ones.
 */
const countedTotal = async (db: Db, filters: PickupFilters): Promise<number | undefined> => {
  const set = Object.entries(filters).filter(([, value]) => value !== undefined && value !== '');
  if (set.length > 1 || (set.length === 1 && filters.releaseStatus === undefined)) return undefined;
  const counters = await readCounters(db);
  const listed = PICKUP_LIST_FLOWS.reduce((sum, flow) => sum + (counters.get(`flow.${flow}`) ?? 0), 0);
  const released = counters.get('carRelease') ?? 0;
  if (filters.releaseStatus === 2) return released;
  if (filters.releaseStatus === 0) return listed - released;
  return listed;
};

export const countPickups = async (db: Db, timeZone: string, filters: PickupFilters): Promise<number> => {
  const counted = await countedTotal(db, filters);
  if (counted !== undefined) return counted;
  const source = await idSource(db, timeZone, filters);
  const { rows } = await sql<{
    count: number | string;
  }>`select count(*) as count from ${source.from} where ${source.where}`.execute(db);
  return Number(rows[0]?.count ?? 0);
};

/** What the export writes of a vehicle: the list's row without the ids and stages it does not show. */
export interface PickupExportDbRow {
  id: number;
  vin: string;
  model: string | null;
  order_no: string | null;
  purchase_no: string | null;
  release: StageValue;
  dl_name: string | null;
  entry_created_at: string | null;
  release_created_at: string | null;
}

/**
 * The export's rows of the vehicles `ids`, newest first: only the nine columns it writes (libsql pays
 * per column read: 549 ms instead of 698 per 100,000 vehicles), the ids inlined as literals of the
 * numbers the id query just answered (Kysely building 500 bound parameters per batch cost as much as
 * reading the rows).
 */
const exportRowsOf = async (db: Db, ids: readonly number[]): Promise<PickupExportDbRow[]> => {
  const { rows } = await sql<PickupExportDbRow>`select vehicles.id, vehicles.vin, vehicles.model, orders.order_no,
      purchases.purchase_no, vehicles.release, check_ins.dl_name, check_ins.created_at as entry_created_at,
      release_passes.created_at as release_created_at
    from vehicles
    left join orders on orders.id = vehicles.order_id
    left join purchases on purchases.id = vehicles.purchase_id
    left join check_ins on check_ins.vehicle_id = vehicles.id
    left join release_pass_vehicles on release_pass_vehicles.vehicle_id = vehicles.id
    left join release_passes on release_passes.id = release_pass_vehicles.release_pass_id
    where vehicles.id in (${sql.raw(ids.map((id) => String(Math.trunc(Number(id)))).join(','))})
    order by vehicles.id desc`.execute(db);
  return rows.map((row) => ({ ...row, id: Number(row.id), release: Number(row.release) as StageValue }));
};

/**
 * The filtered vehicles in batches, newest first, for the export. The filters are turned into their id
 * source once (the agent filter reads the distinct names), not once per batch of 500.
 */
export const iteratePickups = async function* (
  db: Db,
  timeZone: string,
  filters: PickupFilters,
  batchSize: number,
): AsyncGenerator<PickupExportDbRow[]> {
  const source = await idSource(db, timeZone, filters);
  yield* batchesNewestFirst(
    (before, limit) => idsOf(db, source, limit, { before }),
    (ids) => exportRowsOf(db, ids),
    batchSize,
  );
};

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
