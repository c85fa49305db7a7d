import {
  CAR_LIST_FLAGS,
  CAR_SEARCH_LIMIT,
  type CarDetachBody,
  type CarExistsAnswer,
  type CarExistsQuery,
  type CarListItem,
  type CarListsQuery,
  type CarLookupAnswer,
  carMessages,
  type CarSearchItem,
  type CarSearchQuery,
  normalizeVin,
} from '../../../../contract/vehicle';
import type { Actor, AppContext } from '../../app-context';
import { conflict, notFound, unprocessable } from '../../http-errors';
import { nextUpdatedAt } from '../../time';
import { writeAudit } from '../audit/audit.repository';
import { findOrder } from '../overseas/overseas.repository';
import { detachFromOverseasContract } from './vehicle-detach';
import {
  findVehicleById,
  findVehicleByVin,
  listOrderVehiclesLacking,
  lookupVins,
  searchVehicles,
  updateVehicle,
} from './vehicle.repository';

/** The form's VIN lookup: fills in the model (DOMAIN.md); a 404 is read silently by the client. */
export const carExists = async ({ db }: AppContext, query: CarExistsQuery): Promise<CarExistsAnswer> => {
  const vehicle = await findVehicleByVin(db, normalizeVin(query.vin));
  if (!vehicle) throw notFound();
  return { id: vehicle.id, vin: vehicle.vin, model: vehicle.model };
};

export const searchCars = async ({ db }: AppContext, query: CarSearchQuery): Promise<CarSearchItem[]> =>
  searchVehicles(db, query.vin ? normalizeVin(query.vin) : undefined, query.stage, CAR_SEARCH_LIMIT);

/** A whole Excel import in one statement (docs/decisions.md), keyed by the normalised VIN. */
export const lookupCars = async ({ db }: AppContext, vins: readonly string[]): Promise<CarLookupAnswer> => {
  const wanted = [...new Set(vins.map(normalizeVin).filter((vin) => vin.length > 0))];
  const found: CarLookupAnswer['found'] = {};
  if (wanted.length === 0) return { found };
  for (const row of await lookupVins(db, wanted)) found[row.vin] = { id: row.id, model: row.model };
  return { found };
};

/**
 * Removes a vehicle from its overseas or purchase contract, with that side's prices. The vehicle row
 * stays (one row per VIN; corrections and records keep naming it).
 */
export const detachCar = async ({ db }: AppContext, id: number, body: CarDetachBody, actor: Actor): Promise<void> =>
  db.transaction().execute(async (trx) => {
    const vehicle = await findVehicleById(trx, id);
    if (!vehicle) throw notFound();
    const at = nextUpdatedAt(vehicle.updated_at);
    if (body.model === 'order') {
      await detachFromOverseasContract(trx, vehicle, actor);
      return;
    }
    if (vehicle.purchase_id === null) throw conflict(carMessages.notOnContract);
    // Once handed on to check-in, the yard and the registry work on it: leaving the purchase is too late.
    if (vehicle.flow !== null && vehicle.flow !== 'purchase') throw conflict(carMessages.detachMovedOn(vehicle.vin));
    await updateVehicle(trx, id, {
      purchase_id: null,
      price: null,
      invoice: null,
      other: null,
      flow: null,
      updated_at: at,
    });
    await writeAudit(trx, actor, {
      action: 'detach',
      entity: 'vehicle',
      entityId: id,
      before: {
        vin: vehicle.vin,
        purchase_id: vehicle.purchase_id,
        price: vehicle.price,
        invoice: vehicle.invoice,
        other: vehicle.other,
        flow: vehicle.flow,
      },
      after: { purchase_id: null, flow: null },
    });
  });

export const carLists = async ({ db }: AppContext, query: CarListsQuery): Promise<CarListItem[]> => {
  const flags = CAR_LIST_FLAGS.filter((flag) => query[flag] === 1);
  if (flags.length === 0) throw unprocessable(carMessages.carListsFlag, CAR_LIST_FLAGS[0]);
  if (!(await findOrder(db, query.order_id))) throw notFound();
  return listOrderVehiclesLacking(db, query.order_id, flags);
};
