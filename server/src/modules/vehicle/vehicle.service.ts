import {
  CAR_EXISTS_TYPES,
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
import { recordHistory } from '../../platform/history/record-history';
import { findOrder } from '../overseas/overseas.repository';
import { detachFromOverseasContract } from './vehicle-detach';
import { leavePurchase } from '../../lifecycle/purchase-membership';
import {
  findVehicleById,
  findPurchaseNo,
  findVehicleByVin,
  listOrderVehiclesLacking,
  lookupVins,
  searchVehicles,
  updateVehicle,
} from './vehicle.repository';

/**
 * The form's VIN lookup (API.md, Cars): fills in the model (DOMAIN.md) and names another contract of the
 * form's side that already holds the VIN, so the form marks the row while the clerk types. The contract
 * being edited (`id`) is not "another". A 404 is read silently by the client.
 */
export const carExists = async ({ db }: AppContext, query: CarExistsQuery): Promise<CarExistsAnswer> => {
  const vehicle = await findVehicleByVin(db, normalizeVin(query.vin));
  if (!vehicle) throw notFound();
  const heldElsewhere = (contractId: number | null): contractId is number =>
    contractId !== null && contractId !== query.id;
  const orderNo =
    query.type === CAR_EXISTS_TYPES.order && heldElsewhere(vehicle.order_id)
      ? ((await findOrder(db, vehicle.order_id))?.order_no ?? null)
      : null;
  const purchaseNo =
    query.type === CAR_EXISTS_TYPES.purchase && heldElsewhere(vehicle.purchase_id)
      ? ((await findPurchaseNo(db, vehicle.purchase_id)) ?? null)
      : null;
  return { id: vehicle.id, vin: vehicle.vin, model: vehicle.model, order_no: orderNo, purchase_no: purchaseNo };
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
      updated_at: at,
    });
    await leavePurchase(trx, [id]);
    await recordHistory(trx, actor, {
      action: 'detach',
      entity: 'car',
      entityId: id,
      purchaseId: vehicle.purchase_id,
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
