import { carMessages } from '../../../../contract/vehicle';
import type { Actor } from '../../app-context';
import type { Db } from '../../db/database';
import { conflict } from '../../http-errors';
import { nextUpdatedAt } from '../../time';
import { recordHistory } from '../../platform/history/record-history';
import { updateVehicle } from './vehicle.repository';
import type { VehicleRow } from './vehicle.table';

/**
 * Takes a vehicle off its overseas contract with that side's prices, inside the caller's transaction:
 * for the row action (PUT /api/car/detach) and for a line removed from the contract form alike. The
 * vehicle row stays (one row per VIN; corrections and records keep naming it).
 */
export const detachFromOverseasContract = async (trx: Db, vehicle: VehicleRow, actor: Actor): Promise<void> => {
  if (vehicle.order_id === null) throw conflict(carMessages.notOnContract);
  // Export and filing records belong to the overseas contract: the vehicle cannot leave it then.
  if (vehicle.exports > 0 || vehicle.drawback > 0 || vehicle.archive > 0 || vehicle.freight > 0) {
    throw conflict(carMessages.detachHasRecords(vehicle.vin));
  }
  await updateVehicle(trx, vehicle.id, {
    order_id: null,
    order_price: null,
    order_invoice: null,
    order_other: null,
    updated_at: nextUpdatedAt(vehicle.updated_at),
  });
  await recordHistory(trx, actor, {
    action: 'detach',
    entity: 'car',
    entityId: vehicle.id,
    orderId: vehicle.order_id,
    before: {
      vin: vehicle.vin,
      model: vehicle.model,
      order_id: vehicle.order_id,
      order_price: vehicle.order_price,
      order_invoice: vehicle.order_invoice,
      order_other: vehicle.order_other,
    },
    after: { order_id: null },
  });
};
