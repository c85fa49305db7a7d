/**
 * The SQL of the lifecycle: vehicles' flow and stage values, overseas contracts' status, and the stage
 * record tables. Only `lifecycle/` calls these; everything else asks the lifecycle services.
 */
import type { Kysely } from 'kysely';
import { type Flow, STAGES, type Stage, type StageValue } from '../../../contract/stage';
import type { Db } from '../db/database';

export interface VehicleState {
  id: number;
  vin: string;
  flow: Flow | null;
  order_id: number | null;
  purchase_id: number | null;
  entry: StageValue;
  plate: StageValue;
  release: StageValue;
  transfer: StageValue;
  exports: StageValue;
  drawback: StageValue;
  archive: StageValue;
  freight: StageValue;
}

const stateColumns = ['id', 'vin', 'flow', 'order_id', 'purchase_id', ...STAGES] as const;

export const readVehicles = async (db: Db, ids: readonly number[]): Promise<VehicleState[]> =>
  ids.length === 0 ? [] : db.selectFrom('vehicles').select(stateColumns).where('id', 'in', ids).orderBy('id').execute();

export const readVehiclesOfPurchases = async (db: Db, purchaseIds: readonly number[]): Promise<VehicleState[]> =>
  purchaseIds.length === 0
    ? []
    : db.selectFrom('vehicles').select(stateColumns).where('purchase_id', 'in', purchaseIds).orderBy('id').execute();

/** Sets one stage's value on the given vehicles. */
export const writeStageValue = async (
  db: Db,
  ids: readonly number[],
  stage: Stage,
  value: StageValue,
  at: string,
): Promise<void> => {
  if (ids.length === 0) return;
  await db
    .updateTable('vehicles')
    .set({ [stage]: value, updated_at: at })
    .where('id', 'in', ids)
    .execute();
};

/** What a move may mark on the vehicles it moves, in the same statement: `noentry` marks 免入库. */
export interface FlowMark {
  no_entry?: 1;
}

/**
 * Moves vehicles from one flow to the next. Only rows still in `from` move (a hand-over that another
 * clerk finished first leaves them alone); answers the ids that moved. `mark` is written on exactly the
 * rows that moved.
 */
export const moveFlow = async (
  db: Db,
  ids: readonly number[],
  from: Flow | null,
  to: Flow | null,
  at: string,
  mark: FlowMark = {},
): Promise<number[]> => {
  if (ids.length === 0) return [];
  const moved = await db
    .updateTable('vehicles')
    .set({ ...mark, flow: to, updated_at: at })
    .where('id', 'in', ids)
    .where((eb) => (from === null ? eb('flow', 'is', null) : eb('flow', '=', from)))
    .returning('id')
    .execute();
  return moved.map((row) => row.id);
};

export interface OrderCompletion {
  order_id: number;
  vehicles: number;
  complete: number;
}

/** Per overseas contract: how many vehicles it holds and how many of them are complete. */
export const readOrderCompletion = async (db: Db, orderIds: readonly number[]): Promise<OrderCompletion[]> => {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('vehicles')
    .select((eb) => [
      'order_id',
      eb.fn.countAll<number | string>().as('vehicles'),
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when(eb.and([eb('drawback', '=', 2), eb('archive', '=', 2), eb('freight', '=', 2)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('complete'),
    ])
    .where('order_id', 'in', orderIds)
    .groupBy('order_id')
    .execute();
  // PostgreSQL answers counts and sums as strings (bigint).
  return rows.map((row) => ({
    order_id: row.order_id as number,
    vehicles: Number(row.vehicles),
    complete: Number(row.complete ?? 0),
  }));
};

export const readOrderStatuses = async (db: Db, orderIds: readonly number[]) =>
  orderIds.length === 0
    ? []
    : db.selectFrom('orders').select(['id', 'order_no', 'status', 'updated_at']).where('id', 'in', orderIds).execute();

export const readOrderStatus = (db: Db, orderId: number) =>
  db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'updated_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();

/** Sets an overseas contract's status while it still has the status that was read. */
export const writeOrderStatus = async (
  db: Db,
  orderId: number,
  from: number,
  to: number,
  updatedAt: string,
): Promise<boolean> => {
  const result = await db
    .updateTable('orders')
    .set({ status: to, updated_at: updatedAt })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/** Marks purchase contracts handed over to check-in (the list's 移交 state). */
export const markPurchasesHandedOver = async (db: Db, purchaseIds: readonly number[], at: string): Promise<void> => {
  if (purchaseIds.length === 0) return;
  await db
    .updateTable('purchases')
    .set({ handed_over: 1, handed_over_at: at, updated_at: at })
    .where('id', 'in', purchaseIds)
    .where('handed_over', '=', 0)
    .execute();
};

// Stage record tables. Their names come from the lifecycle's own table (stage-storage.ts), never
// from a request; Kysely cannot follow a table name held in a variable, so these few functions see
// the tables through one loose shape.

type LooseRow = { id: number; vehicle_id: number; [column: string]: unknown };
type LooseDb = Kysely<Record<string, LooseRow>>;
const loose = (db: Db) => db as unknown as LooseDb;

export const insertRecord = async (db: Db, table: string, values: Record<string, unknown>): Promise<number> => {
  const row = await loose(db)
    .insertInto(table)
    .values(values as LooseRow)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

/** Writes a record; with `readUpdatedAt`, only while the row still has it (false when another save came first). */
export const updateRecord = async (
  db: Db,
  table: string,
  id: number,
  values: Record<string, unknown>,
  readUpdatedAt?: string,
): Promise<boolean> => {
  let query = loose(db)
    .updateTable(table)
    .set(values as Partial<LooseRow>)
    .where('id', '=', id);
  if (readUpdatedAt !== undefined) query = query.where('updated_at', '=', readUpdatedAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

export const readRecord = (db: Db, table: string, id: number) =>
  loose(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst() as Promise<
    Record<string, unknown> | undefined
  >;

/** The record of a per-vehicle stage (check-in, plating, transfer) that a vehicle already has. */
export const recordIdOfVehicle = async (db: Db, table: string, vehicleId: number): Promise<number | undefined> =>
  (await loose(db).selectFrom(table).select('id').where('vehicle_id', '=', vehicleId).executeTakeFirst())?.id;

/** Which vehicles a record covering several vehicles holds. */
export const linkedVehicleIds = async (db: Db, linkTable: string, key: string, recordId: number): Promise<number[]> =>
  (
    await loose(db)
      .selectFrom(linkTable)
      .select('vehicle_id')
      .where(key as 'id', '=', recordId)
      .execute()
  ).map((row) => row.vehicle_id);

/** Vehicles among `vehicleIds` that another record of the same stage already holds. */
export const vehiclesLinkedElsewhere = async (
  db: Db,
  linkTable: string,
  key: string,
  vehicleIds: readonly number[],
  recordId: number | undefined,
): Promise<number[]> => {
  if (vehicleIds.length === 0) return [];
  let query = loose(db).selectFrom(linkTable).select('vehicle_id').where('vehicle_id', 'in', vehicleIds);
  if (recordId !== undefined) query = query.where(key as 'id', '!=', recordId);
  return (await query.execute()).map((row) => row.vehicle_id);
};

/** The record of a stage covering several vehicles that holds this vehicle, if one does. */
export const recordIdHoldingVehicle = async (
  db: Db,
  linkTable: string,
  key: string,
  vehicleId: number,
): Promise<number | undefined> => {
  const row = await loose(db)
    .selectFrom(linkTable)
    .select(key as 'id')
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row[key as 'id']);
};

export const replaceLinks = async (
  db: Db,
  linkTable: string,
  key: string,
  recordId: number,
  vehicleIds: readonly number[],
): Promise<void> => {
  await loose(db)
    .deleteFrom(linkTable)
    .where(key as 'id', '=', recordId)
    .execute();
  if (vehicleIds.length === 0) return;
  await loose(db)
    .insertInto(linkTable)
    .values(vehicleIds.map((vehicleId) => ({ [key]: recordId, vehicle_id: vehicleId }) as unknown as LooseRow))
    .execute();
};
