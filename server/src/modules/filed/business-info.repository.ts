import { STAGES } from '../../../../contract/stage';
import type { Db } from '../../db/database';

/** The vehicle the page shows: where it is and its stage values. */
export const findProcedureVehicle = (db: Db, id: number) =>
  db
    .selectFrom('vehicles')
    .select(['id', 'vin', 'model', 'order_id', 'purchase_id', 'flow', ...STAGES, 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();

const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

/**
 * The ids of the vehicle's own records, per stage whose record is not read through its overseas contract:
 * a check-in, a plating and a transfer are the vehicle's (`vehicle_id` unique), a release pass and an
 * export declaration hold it through their link tables (`vehicle_id` unique there too). Each stage's own
 * read then answers the record in its usual shape.
 */
export const recordIdsOfVehicle = async (db: Db, vehicleId: number) => {
  const [entry, plate, transfer, release, exportsIds] = await Promise.all([
    db.selectFrom('check_ins').select('id').where('vehicle_id', '=', vehicleId).execute(),
    db.selectFrom('platings').select('id').where('vehicle_id', '=', vehicleId).execute(),
    db.selectFrom('transfers').select('id').where('vehicle_id', '=', vehicleId).execute(),
    db
      .selectFrom('release_pass_vehicles')
      .select('release_pass_id as id')
      .where('vehicle_id', '=', vehicleId)
      .execute(),
    db
      .selectFrom('export_declaration_vehicles')
      .select('export_declaration_id as id')
      .where('vehicle_id', '=', vehicleId)
      .execute(),
  ]);
  return {
    entry: ids(entry),
    plate: ids(plate),
    transfer: ids(transfer),
    release: ids(release),
    exports: ids(exportsIds),
  };
};

/**
 * The purchase contracts holding vehicles of an overseas contract, with how many of its vehicles each
 * holds, oldest first. Read through `vehicles_order_id_index`: a contract has tens of vehicles.
 */
export const purchasesHoldingOrderVehicles = (db: Db, orderId: number) =>
  db
    .selectFrom('vehicles')
    .innerJoin('purchases', 'purchases.id', 'vehicles.purchase_id')
    .select(({ fn }) => [
      'purchases.id',
      'purchases.purchase_no',
      'purchases.type',
      'purchases.customer_name',
      'purchases.created_at',
      fn.count<number | string>('vehicles.id').as('car_count'),
    ])
    .where('vehicles.order_id', '=', orderId)
    .groupBy([
      'purchases.id',
      'purchases.purchase_no',
      'purchases.type',
      'purchases.customer_name',
      'purchases.created_at',
    ])
    .orderBy('purchases.id', 'asc')
    .execute();
