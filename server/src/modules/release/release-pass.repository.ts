import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Flow } from '../../../../contract/stage';
import type { Db } from '../../db/database';
import { allOf } from '../../db/list-page';
import { containsText, VEHICLE_VIN } from '../../db/text-search';
import type { ReleasePassRow } from './release.table';

/** A vehicle as the pass's save reads it. */
export interface ReleaseVehicle {
  id: number;
  vin: string;
  flow: Flow | null;
  purchase_id: number | null;
  order_id: number | null;
}

export const findVehiclesByVins = (db: Db, vins: readonly string[]): Promise<ReleaseVehicle[]> =>
  vins.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('vehicles')
        .select(['id', 'vin', 'flow', 'purchase_id', 'order_id'])
        .where('vin', 'in', vins)
        .execute();

export const findPurchaseOrderId = async (db: Db, purchaseId: number): Promise<number | null | undefined> =>
  (await db.selectFrom('purchases').select('order_id').where('id', '=', purchaseId).executeTakeFirst())?.order_id;

export const findPassRow = (db: Db, id: number): Promise<ReleasePassRow | undefined> =>
  db.selectFrom('release_passes').selectAll().where('id', '=', id).executeTakeFirst();

export type PassReadRow = ReleasePassRow & {
  purchase_no: string | null;
  customer_name: string | null;
  order_no: string | null;
};

/** One pass with its purchase contract (number, seller) and overseas contract number. */
export const findPass = (db: Db, id: number): Promise<PassReadRow | undefined> =>
  db
    .selectFrom('release_passes')
    .leftJoin('purchases', 'purchases.id', 'release_passes.purchase_id')
    .leftJoin('orders', 'orders.id', 'release_passes.order_id')
    .selectAll('release_passes')
    .select(['purchases.purchase_no', 'purchases.customer_name', 'orders.order_no'])
    .where('release_passes.id', '=', id)
    .executeTakeFirst();

/** The vehicles a pass holds, in the order they were bought (their ids), through the link's primary key. */
export const passVehicles = (db: Db, passId: number) =>
  db
    .selectFrom('release_pass_vehicles')
    .innerJoin('vehicles', 'vehicles.id', 'release_pass_vehicles.vehicle_id')
    .select(['vehicles.id', 'vehicles.vin', 'vehicles.model', 'vehicles.flow'])
    .where('release_pass_vehicles.release_pass_id', '=', passId)
    .orderBy('vehicles.id', 'asc')
    .execute();

export interface CandidateRow {
  id: number;
  vin: string;
  model: string | null;
  flow: Flow | null;
  release: number;
  release_id: number | null;
  purchase_id: number | null;
  purchase_no: string | null;
  order_id: number | null;
  order_no: string | null;
}

/** The shown rows of the vehicles `ids` (in no particular order), with their contracts and pass. */
export const candidateRows = async (db: Db, ids: readonly number[]): Promise<CandidateRow[]> =>
  ids.length === 0
    ? []
    : ((await db
        .selectFrom('vehicles')
        .leftJoin('purchases', 'purchases.id', 'vehicles.purchase_id')
        .leftJoin('orders', 'orders.id', 'vehicles.order_id')
        .leftJoin('release_pass_vehicles', 'release_pass_vehicles.vehicle_id', 'vehicles.id')
        .select([
          'vehicles.id',
          'vehicles.vin',
          'vehicles.model',
          'vehicles.flow',
          'vehicles.release',
          'release_pass_vehicles.release_pass_id as release_id',
          'vehicles.purchase_id',
          'purchases.purchase_no',
          'vehicles.order_id',
          'orders.order_no',
        ])
        .where('vehicles.id', 'in', ids)
        .execute()) as CandidateRow[]);

const vinCondition = (db: Db, vin: string | undefined): RawBuilder<SqlBool>[] =>
  vin ? [containsText(db, VEHICLE_VIN, vin)] : [];

/**
 * The ids of the newest vehicles waiting for a pass (in the release flow, release value still 0), their
 * VIN containing `vin`, read newest first and stopped at `limit`: through vehicles_release_index
 * (release, id), so the few waiting among 500,000 are found without reading the released ones. The
 * conditions are literals, which a partial index of the waiting vehicles can match. A vehicle in filing
 * always has its pass (its hand-over needs one), so only the release flow is offered; the save still
 * accepts a later flow, to correct a record.
 */
export const waitingVehicleIds = async (db: Db, vin: string | undefined, limit: number): Promise<number[]> =>
  (
    await db
      .selectFrom('vehicles')
      .select('vehicles.id')
      .where(
        allOf([
          sql<SqlBool>`vehicles.flow = ${sql.lit('release')}`,
          sql<SqlBool>`vehicles.release < ${sql.lit(1)}`,
          ...vinCondition(db, vin),
        ]),
      )
      .orderBy('vehicles.id', 'desc')
      .limit(limit)
      .execute()
  ).map((row) => row.id);

/** The ids of a pass's own vehicles, their VIN containing `vin` (through the link's primary key). */
export const passVehicleIds = async (db: Db, passId: number, vin: string | undefined): Promise<number[]> =>
  (
    await db
      .selectFrom('release_pass_vehicles')
      .innerJoin('vehicles', 'vehicles.id', 'release_pass_vehicles.vehicle_id')
      .select('vehicles.id')
      .where(allOf([sql<SqlBool>`release_pass_vehicles.release_pass_id = ${passId}`, ...vinCondition(db, vin)]))
      .orderBy('vehicles.id', 'desc')
      .execute()
  ).map((row) => row.id);
