import { sql, type Updateable } from 'kysely';
import type { CarListFlag, CarSearchStage } from '../../../../contract/vehicle';
import type { Db } from '../../db/database';
import { containsText, isPostgres, VEHICLE_VIN } from '../../db/text-search';
import type { NewVehicleRow, Stage, VehicleRow, VehiclesTable } from './vehicle.table';

/** Bound parameters per `in (…)` list: far below SQLite's and PostgreSQL's limits. */
const IN_LIST_CHUNK = 1000;

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
};

export const findVehicleById = (db: Db, id: number): Promise<VehicleRow | undefined> =>
  db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirst();

export const findVehicleByVin = (db: Db, vin: string): Promise<VehicleRow | undefined> =>
  db.selectFrom('vehicles').selectAll().where('vin', '=', vin).executeTakeFirst();

/** The number of a purchase contract, for naming it in a message; undefined if it is gone. */
export const findPurchaseNo = async (db: Db, id: number): Promise<string | undefined> =>
  (await db.selectFrom('purchases').select('purchase_no').where('id', '=', id).executeTakeFirst())?.purchase_no;

/**
 * Vehicles of these VINs (already normalised). One statement for up to 1,000 VINs; a whole Excel
 * import (2,000) is two at most — never one per VIN.
 */
export const findVehiclesByVins = async (db: Db, vins: readonly string[]): Promise<VehicleRow[]> => {
  const unique = [...new Set(vins)];
  const found: VehicleRow[] = [];
  for (const part of chunks(unique, IN_LIST_CHUNK)) {
    found.push(...(await db.selectFrom('vehicles').selectAll().where('vin', 'in', part).execute()));
  }
  return found;
};

/** `id, vin, model` for the VINs, in one statement (the lookup of a whole Excel import). */
export const lookupVins = (db: Db, vins: readonly string[]) =>
  db.selectFrom('vehicles').select(['id', 'vin', 'model']).where('vin', 'in', vins).execute();

/** What a module may write of a vehicle: everything but where it is and its stage values (lifecycle/). */
// The 免入库 mark is set by the lifecycle's hand-over with the flow it moves, like the stage values.
type LifecycleColumns = 'flow' | 'no_entry' | Stage;
export type VehicleInsert = Omit<NewVehicleRow, LifecycleColumns>;
export type VehiclePatch = Omit<Updateable<VehiclesTable>, LifecycleColumns>;

export const insertVehicle = async (db: Db, row: VehicleInsert): Promise<number> => {
  const inserted = await db.insertInto('vehicles').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
};

export const updateVehicle = async (db: Db, id: number, patch: VehiclePatch): Promise<boolean> => {
  const result = await db.updateTable('vehicles').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

export const listOrderVehicles = (db: Db, orderId: number): Promise<VehicleRow[]> =>
  db.selectFrom('vehicles').selectAll().where('order_id', '=', orderId).orderBy('id', 'asc').execute();

/** Vehicles of several contracts at once (a list page's row expansions), ordered by id. */
/** What a contract list shows of an overseas contract's vehicle. */
export type OrderCarRow = Pick<
  VehicleRow,
  'id' | 'vin' | 'model' | 'order_id' | 'order_price' | 'order_invoice' | 'order_other'
>;

/**
 * The vehicles of a page of overseas contracts, only the columns the list shows: reading a row costs
 * libsql by its columns (150 vehicles: 0.9 ms with all 22, 0.3 ms with these).
 */
export const listVehiclesOfOrders = async (db: Db, orderIds: readonly number[]): Promise<OrderCarRow[]> => {
  if (orderIds.length === 0) return [];
  const rows: OrderCarRow[] = [];
  for (const part of chunks([...new Set(orderIds)], IN_LIST_CHUNK)) {
    rows.push(
      ...(await db
        .selectFrom('vehicles')
        .select(['id', 'vin', 'model', 'order_id', 'order_price', 'order_invoice', 'order_other'])
        .where('order_id', 'in', part)
        .execute()),
    );
  }
  return rows.sort((left, right) => left.id - right.id);
};

/**
 * Which vehicles may take a step next (DOMAIN.md: the screens list only those): the flow where the
 * step happens, and the step not yet done (or, for the records with documents, not yet complete). Each
 * condition is a partial index's (migration 2026_11_24_1500), written as literals so that both planners
 * can match it: a few waiting vehicles are read instead of every vehicle of the flow.
 */
const stageCondition: Record<CarSearchStage, { flow: NonNullable<VehicleRow['flow']>; below: 1 | 2 }> = {
  entry: { flow: 'pickup', below: 1 },
  plate: { flow: 'registry', below: 2 },
  transfer: { flow: 'registry', below: 2 },
  release: { flow: 'release', below: 1 },
  exports: { flow: 'release', below: 1 },
  drawback: { flow: 'filing', below: 1 },
  archive: { flow: 'filing', below: 1 },
  freight: { flow: 'filing', below: 2 },
};

export const searchVehicles = (db: Db, vin: string | undefined, stage: CarSearchStage | undefined, limit: number) => {
  let query = db.selectFrom('vehicles').select(['id', 'vin']);
  if (vin) query = query.where(containsText(db, VEHICLE_VIN, vin));
  if (stage) {
    const condition = stageCondition[stage];
    // Constants from the table above, never the request's text.
    query = query.where('flow', '=', sql.lit(condition.flow)).where(stage, '<', sql.lit(condition.below));
  }
  // With text typed, the matches in VIN order. Without, the newest vehicles first: they are the ones still
  // waiting for a step, and walking the VIN index for 20 of a few waiting among 500,000 read them all (1.6 s).
  return (vin ? query.orderBy('vin', 'asc') : query.orderBy('id', 'desc')).limit(limit).execute();
};

/** carLists: what each flag asks for — the flows where that record may be made, and no record yet. */
const lackingRecord: Record<
  CarListFlag,
  { column: 'freight' | 'drawback' | 'release' | 'archive' | 'exports'; flows: NonNullable<VehicleRow['flow']>[] }
> = {
  if_freight: { column: 'freight', flows: ['filing'] },
  if_drawback: { column: 'drawback', flows: ['filing'] },
  if_archive: { column: 'archive', flows: ['filing'] },
  if_release: { column: 'release', flows: ['release', 'filing'] },
  if_exports: { column: 'exports', flows: ['release', 'filing'] },
};

export const listOrderVehiclesLacking = (db: Db, orderId: number, flags: readonly CarListFlag[]) => {
  let query = db.selectFrom('vehicles').select(['id', 'vin', 'model']).where('order_id', '=', orderId);
  for (const flag of flags) {
    const { column, flows } = lackingRecord[flag];
    query = query.where(column, '=', 0).where('flow', 'in', flows);
  }
  return query.orderBy('id', 'asc').execute();
};

/** Only `order_id` and `vin` of several contracts' vehicles: what an export's VIN column needs. */
/**
 * Each contract's VINs as one text (`A, B, C`, in the order they were added) and their count, for the
 * list export: the database joins them, so 50,000 contracts cost 50,000 rows read, not 500,000.
 */
export const listVinListsOfOrders = async (
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, { vins: string; count: number }>> => {
  const lists = new Map<number, { vins: string; count: number }>();
  const joined = isPostgres(db)
    ? sql<string>`string_agg(vin, ', ' order by id)`
    : sql<string>`group_concat(vin, ', ' order by id)`;
  for (const part of chunks([...new Set(orderIds)], IN_LIST_CHUNK)) {
    const rows = await db
      .selectFrom('vehicles')
      .select(['order_id', joined.as('vins'), (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('order_id', 'in', part)
      .groupBy('order_id')
      .execute();
    for (const row of rows) {
      if (row.order_id !== null) lists.set(row.order_id, { vins: row.vins, count: Number(row.count) });
    }
  }
  return lists;
};

/**
 * Puts a vehicle on an overseas contract with that side's prices, only while it is free or already on
 * that contract: a save of another contract in between wins. Answers whether the row was written.
 */
export const linkVehicleToOrder = async (
  db: Db,
  vehicleId: number,
  orderId: number,
  patch: Pick<Updateable<VehiclesTable>, 'model' | 'order_price' | 'order_invoice' | 'order_other' | 'updated_at'>,
  read: Pick<VehicleRow, 'purchase_id'>,
): Promise<boolean> => {
  const result = await db
    .updateTable('vehicles')
    .set({ ...patch, order_id: orderId })
    .where('id', '=', vehicleId)
    .where((eb) => eb.or([eb('order_id', 'is', null), eb('order_id', '=', orderId)]))
    // The save checked the purchase contract the vehicle had when read (a purchase's order_id agrees with
    // its cars, DOMAIN.md): a purchase save that took the vehicle since makes this one stale.
    .where((eb) =>
      read.purchase_id === null ? eb('purchase_id', 'is', null) : eb('purchase_id', '=', read.purchase_id),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

// The purchase side (modules/purchase): a vehicle's purchase contract and that side's prices.

/** Vehicles of several purchase contracts at once (the list's cards), ordered by id. */
export const listVehiclesOfPurchases = async (db: Db, purchaseIds: readonly number[]): Promise<VehicleRow[]> => {
  if (purchaseIds.length === 0) return [];
  const rows: VehicleRow[] = [];
  for (const part of chunks([...new Set(purchaseIds)], IN_LIST_CHUNK)) {
    rows.push(...(await db.selectFrom('vehicles').selectAll().where('purchase_id', 'in', part).execute()));
  }
  return rows.sort((left, right) => left.id - right.id);
};

/** What a contract list shows of a purchase contract's vehicle. */
export type PurchaseCarRow = Pick<VehicleRow, 'id' | 'vin' | 'model' | 'purchase_id' | 'price' | 'invoice' | 'other'>;

/** The vehicles of a page of purchase contracts, only the columns the list shows (as for overseas). */
export const listPurchaseCarsOf = async (db: Db, purchaseIds: readonly number[]): Promise<PurchaseCarRow[]> => {
  if (purchaseIds.length === 0) return [];
  const rows: PurchaseCarRow[] = [];
  for (const part of chunks([...new Set(purchaseIds)], IN_LIST_CHUNK)) {
    rows.push(
      ...(await db
        .selectFrom('vehicles')
        .select(['id', 'vin', 'model', 'purchase_id', 'price', 'invoice', 'other'])
        .where('purchase_id', 'in', part)
        .execute()),
    );
  }
  return rows.sort((left, right) => left.id - right.id);
};

/**
 * Puts a vehicle on a purchase contract with that side's prices, only while it is on no purchase
 * contract or already on this one: a save of another purchase contract in between wins.
 */
export const linkVehicleToPurchase = async (
  db: Db,
  vehicleId: number,
  purchaseId: number,
  patch: Pick<Updateable<VehiclesTable>, 'model' | 'price' | 'invoice' | 'other' | 'updated_at'>,
): Promise<boolean> => {
  const result = await db
    .updateTable('vehicles')
    .set({ ...patch, purchase_id: purchaseId })
    .where('id', '=', vehicleId)
    .where((eb) => eb.or([eb('purchase_id', 'is', null), eb('purchase_id', '=', purchaseId)]))
    // A purchase's order_id agrees with its cars (DOMAIN.md), as the purchase save checked: an overseas
    // contract that took the vehicle since (its own order_id, not the purchase's) makes this save stale.
    .where((eb) =>
      eb.or([
        eb('order_id', 'is', null),
        eb('order_id', '=', eb.selectFrom('purchases').select('order_id').where('purchases.id', '=', purchaseId)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/**
 * Deletes those of the given vehicles that no contract names any more and that nothing else refers to
 * (a VIN correction keeps its vehicle). Answers the ids deleted.
 */
export const deleteUnnamedVehicles = async (db: Db, ids: readonly number[]): Promise<number[]> => {
  if (ids.length === 0) return [];
  const deleted: number[] = [];
  for (const part of chunks([...new Set(ids)], IN_LIST_CHUNK)) {
    const rows = await db
      .deleteFrom('vehicles')
      .where('id', 'in', part)
      .where('order_id', 'is', null)
      .where('purchase_id', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('vin_corrections').select('id').whereRef('vin_corrections.vehicle_id', '=', 'vehicles.id')),
        ),
      )
      .returning('id')
      .execute();
    deleted.push(...rows.map((row) => row.id));
  }
  return deleted;
};

/** importCars: the vehicles of an overseas contract that no purchase contract holds, whatever its status. */
export const listOrderVehiclesWithoutPurchase = (db: Db, orderId: number) =>
  db
    .selectFrom('vehicles')
    .select(['id', 'vin', 'model'])
    .where('order_id', '=', orderId)
    .where('purchase_id', 'is', null)
    .orderBy('id', 'asc')
    .execute();
