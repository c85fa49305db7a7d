import { messages } from '../../../../contract/common';
import {
  type HandOverQuery,
  type PurchaseBody,
  type PurchaseCarLine,
  purchaseMessages,
  type PurchaseUpdateBody,
} from '../../../../contract/purchase';
import type { HandOverAnswer } from '../../../../contract/stage';
import type { Actor, AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { saveUnlessChanged, updateRowIfUnchanged } from '../../db/guarded-update';
import { assertNotStale, lockRowForSave } from '../../db/stale-save';
import { conflict, unprocessable } from '../../http-errors';
import { handOverPurchases } from '../../lifecycle/hand-over';
import { enterPurchase, leavePurchase } from '../../lifecycle/purchase-membership';
import { nextUpdatedAt, nowIso } from '../../time';
import { recordHistory } from '../../platform/history/record-history';
import { resolveContractCustomer } from '../customer/contract-customer';
import { toFen } from '../overseas/money';
import { findOrderNumbers } from '../overseas/overseas.repository';
import { assertFileReferences, type FileRules } from '../upload/file-references';
import { parseFileList } from '../upload/stored-file-list';
import { applyContractCarLines, type CarLinesSide, contractCarAudit } from '../vehicle/contract-car-lines';
import {
  deleteUnnamedVehicles,
  findVehiclesByVins,
  linkVehicleToPurchase,
  listVehiclesOfPurchases,
  updateVehicle,
} from '../vehicle/vehicle.repository';
import type { VehicleRow } from '../vehicle/vehicle.table';
import {
  deletePurchaseWithRemits,
  findPurchaseByNo,
  findPurchaseNumbers,
  insertPurchase,
  listOpenPurchaseIdsOfOrder,
  orderExists,
  refreshRemitStatus,
} from './purchase.repository';
import { requirePurchase } from './purchase-read.service';

/**
 * Saving a purchase contract's form (the contract, its car lines), deleting it, and handing it over to
 * check-in. The reads are in purchase-read.service.ts, remittances in purchase-remit.service.ts.
 */

/** The form's contract files are `purchase` uploads. */
const purchaseFiles: FileRules<'contracts'> = {
  // Files saved before the purchase slot existed went through the contract slot: both stay valid.
  fields: { contracts: ['purchase', 'contract'] },
  message: purchaseMessages.storagePath,
};

/** The purchase form's wording of the refusals when the seller is resolved (customer/contract-customer.ts). */
const customerRefusals = {
  customerUnknown: purchaseMessages.customerUnknown,
  typeRequired: purchaseMessages.customerTypeRequired,
};

const requireOrderIfNamed = async (trx: Db, orderId: number | undefined) => {
  if (orderId !== undefined && !(await orderExists(trx, orderId))) {
    throw unprocessable(purchaseMessages.orderUnknown, 'order_id');
  }
};

/**
 * The purchase contract points at the overseas contract whose cars it buys (DOMAIN.md): a car of the
 * form that belongs to an overseas contract must belong to `order_id`. A form that names none takes the
 * one its cars name, when they name one (a clerk who imported the cars from Excel, or typed them, has said
 * which contract they serve: asking again would only send them to the box of 海外合同号); cars of two
 * contracts, or of another than the one named, are refused with 422 under `order_id`, naming the cars and
 * their contracts. Answers the contract the purchase points at.
 */
const orderOfCars = async (
  trx: Db,
  orderId: number | undefined,
  lines: readonly PurchaseCarLine[],
): Promise<number | undefined> => {
  const overseas = (
    await findVehiclesByVins(
      trx,
      lines.map((line) => line.vin),
    )
  ).filter((vehicle) => vehicle.order_id !== null);
  const holders = [...new Set(overseas.map((vehicle) => vehicle.order_id as number))];
  if (orderId === undefined && holders.length === 1) return holders[0];
  const strays = overseas.filter((vehicle) => vehicle.order_id !== orderId);
  if (strays.length === 0) return orderId;
  const strayHolders = [...new Set(strays.map((vehicle) => vehicle.order_id as number))];
  const numbers = await findOrderNumbers(trx, strayHolders);
  const orderNos = strayHolders.map((id) => numbers.get(id) ?? String(id));
  const vins = strays.map((vehicle) => vehicle.vin).sort();
  throw unprocessable(
    orderId === undefined
      ? purchaseMessages.carsNeedTheirOrder(vins, orderNos)
      : purchaseMessages.carsOfOtherOrder(vins, orderNos),
    'order_id',
  );
};

const contractColumns = (body: PurchaseBody, customerId: number) => ({
  purchase_no: body.purchase_no,
  type: body.type,
  order_id: body.order_id ?? null,
  customer_id: customerId,
  customer_name: body.name,
  customer_address: body.address,
  customer_contact_way: body.contact_way ?? null,
  customer_type_id: body.type_id,
  amount: body.amount,
  total: toFen(body.total),
  contracts: JSON.stringify(body.contracts),
});

/**
 * Takes vehicles off their purchase contract (a line removed on edit, or the contract deleted): the
 * purchase side's prices go, the vehicle leaves the purchase flow, and a vehicle that no contract names
 * any more is deleted. A vehicle already handed on stays (409).
 */
const releaseVehicles = async (
  trx: Db,
  vehicles: readonly VehicleRow[],
  actor: Actor,
  refusal: (vin: string) => string,
) => {
  const movedOn = vehicles.find((vehicle) => vehicle.flow !== null && vehicle.flow !== 'purchase');
  if (movedOn) throw conflict(refusal(movedOn.vin));
  for (const vehicle of vehicles) {
    await updateVehicle(trx, vehicle.id, {
      purchase_id: null,
      price: null,
      invoice: null,
      other: null,
      updated_at: nextUpdatedAt(vehicle.updated_at),
    });
  }
  const ids = vehicles.map((vehicle) => vehicle.id);
  await leavePurchase(trx, ids);
  const deleted = new Set(await deleteUnnamedVehicles(trx, ids));
  for (const vehicle of vehicles) {
    await recordHistory(trx, actor, {
      action: deleted.has(vehicle.id) ? 'delete' : 'detach',
      entity: 'car',
      entityId: vehicle.id,
      purchaseId: vehicle.purchase_id,
      before: { ...contractCarAudit(purchaseCarLines, vehicle), flow: vehicle.flow },
      after: deleted.has(vehicle.id) ? undefined : { purchase_id: null, flow: null },
    });
  }
};

/**
 * The purchase side of a vehicle row: `purchase_id` and the purchase prices. A VIN on another purchase
 * contract is refused naming it; the contract's vehicles enter the purchase flow (those further on stay
 * where they are); saved vehicles missing from the lines are released.
 */
const purchaseCarLines: CarLinesSide<PurchaseCarLine, 'price' | 'invoice' | 'other'> = {
  contract: 'purchase_id',
  prices: ['price', 'invoice', 'other'],
  pricesOf: (line) => ({ price: toFen(line.price), invoice: toFen(line.invoice), other: toFen(line.other) }),
  listCurrent: (trx, purchaseId) => listVehiclesOfPurchases(trx, [purchaseId]),
  heldElsewhere: async (trx, vin, holderId) =>
    purchaseMessages.vinOnOtherPurchase(
      vin,
      (await findPurchaseNumbers(trx, [holderId])).get(holderId) ?? String(holderId),
    ),
  link: linkVehicleToPurchase,
  settle: async (trx, kept, removed, actor) => {
    await enterPurchase(trx, kept);
    if (removed.length > 0) await releaseVehicles(trx, removed, actor, purchaseMessages.carRemovedMovedOn);
  },
};

/** Once the contract is handed over its car list is closed: a car added later would never leave purchasing. */
const applyCarLines = (
  trx: Db,
  purchase: { id: number; handed_over: 0 | 1 },
  lines: readonly PurchaseCarLine[],
  actor: Actor,
) =>
  applyContractCarLines(trx, purchaseCarLines, purchase.id, lines, actor, {
    closed: purchase.handed_over === 1 ? purchaseMessages.carLinesClosed : undefined,
  });

const purchaseAudit = (body: PurchaseBody, customerId: number) => ({
  ...contractColumns(body, customerId),
  car: body.car.map((car) => car.vin),
});

/** The pre-checks passed, then another save took the contract number or a new VIN first. */
const translateUnique = async (db: Db, error: unknown, purchaseNo: string, id?: number): Promise<never> => {
  if (!isUniqueViolation(error)) throw error;
  const holder = await findPurchaseByNo(db, purchaseNo);
  if (holder && holder.id !== id) throw conflict(purchaseMessages.purchaseNoTaken);
  throw conflict(messages.staleRecord);
};

export const createPurchase = async ({ db }: AppContext, body: PurchaseBody, actor: Actor): Promise<{ id: number }> => {
  if (await findPurchaseByNo(db, body.purchase_no)) throw conflict(purchaseMessages.purchaseNoTaken);
  try {
    return await db.transaction().execute(async (trx) => {
      await assertFileReferences(trx, purchaseFiles, body);
      await requireOrderIfNamed(trx, body.order_id);
      const form = { ...body, order_id: await orderOfCars(trx, body.order_id, body.car) };
      const customerId = await resolveContractCustomer(trx, body, actor, customerRefusals, { side: 'purchase' });
      const at = nowIso();
      const id = await insertPurchase(trx, {
        ...contractColumns(form, customerId),
        created_by: actor.userId,
        created_at: at,
        updated_at: at,
      });
      await applyCarLines(trx, { id, handed_over: 0 }, body.car, actor);
      await recordHistory(trx, actor, {
        action: 'create',
        entity: 'purchase',
        entityId: id,
        after: purchaseAudit(form, customerId),
      });
      return { id };
    });
  } catch (error) {
    return translateUnique(db, error, body.purchase_no);
  }
};

export const updatePurchase = async (
  { db }: AppContext,
  id: number,
  body: PurchaseUpdateBody,
  actor: Actor,
): Promise<{ id: number }> => {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockRowForSave(trx, 'purchases', id);
      const existing = await requirePurchase(trx, id);
      assertNotStale(body.updated_at, existing.updated_at);
      if (body.purchase_no !== existing.purchase_no) {
        const holder = await findPurchaseByNo(trx, body.purchase_no);
        if (holder && holder.id !== id) throw conflict(purchaseMessages.purchaseNoTaken);
      }
      // Files already on the contract stay, even those saved before uploads were recorded.
      await assertFileReferences(trx, purchaseFiles, body, { contracts: parseFileList(existing.contracts) });
      await requireOrderIfNamed(trx, body.order_id);
      const form = { ...body, order_id: await orderOfCars(trx, body.order_id, body.car) };
      const customerId = await resolveContractCustomer(trx, body, actor, customerRefusals, {
        side: 'purchase',
        kept: { customerId: existing.customer_id, typeId: existing.customer_type_id },
      });
      const patch = { ...contractColumns(form, customerId), updated_at: nextUpdatedAt(existing.updated_at) };
      const carsBefore = (await listVehiclesOfPurchases(trx, [id])).map((vehicle) => vehicle.vin);
      await saveUnlessChanged(
        trx,
        actor,
        async () => {
          if (!(await updateRowIfUnchanged(trx, 'purchases', id, patch, existing.updated_at))) return false;
          await applyCarLines(trx, existing, body.car, actor);
          // A changed total may complete (or reopen) the remittances.
          await refreshRemitStatus(trx, id);
          return true;
        },
        () => ({
          action: 'update',
          entity: 'purchase',
          entityId: id,
          before: { ...existing, contracts: parseFileList(existing.contracts), car: carsBefore },
          after: purchaseAudit(form, customerId),
        }),
      );
      return { id };
    });
  } catch (error) {
    return translateUnique(db, error, body.purchase_no, id);
  }
};

/**
 * Deletes the contract and its remittances; its vehicles leave it (one that no contract names any more
 * is deleted with it). Refused once one of its vehicles was handed over to check-in.
 */
export const deletePurchase = async ({ db }: AppContext, id: number, actor: Actor): Promise<void> =>
  db.transaction().execute(async (trx) => {
    const existing = await requirePurchase(trx, id);
    const vehicles = await listVehiclesOfPurchases(trx, [id]);
    await releaseVehicles(trx, vehicles, actor, () => purchaseMessages.deleteHandedOver);
    await deletePurchaseWithRemits(trx, id);
    await recordHistory(trx, actor, {
      action: 'delete',
      entity: 'purchase',
      entityId: id,
      before: {
        ...existing,
        contracts: parseFileList(existing.contracts),
        car: vehicles.map((vehicle) => vehicle.vin),
      },
      vehicleIds: vehicles.map((vehicle) => vehicle.id),
    });
  });

// Hand-overs (DOMAIN.md): the lifecycle moves the vehicles that qualify and says why the others stayed.

/**
 * The purchase contracts' cars go to the yard; with 免入库 (`no_entry`) they go on to the registry in the
 * same transaction, as the pickup list's 免入库 would move them. The answer counts the cars that reached
 * where the clerk sent them and names every car that stayed behind, at either step.
 */
const handOverTo = async (
  trx: Db,
  actor: Actor,
  ids: readonly number[],
  skipYard: boolean,
): Promise<HandOverAnswer> => {
  const toYard = await handOverPurchases(trx, actor, 'purchase', [...ids]);
  if (!skipYard) return toYard;
  const toRegistry = await handOverPurchases(trx, actor, 'noEntry', [...ids]);
  return { moved: toRegistry.moved, kept: [...toYard.kept, ...toRegistry.kept] };
};

export const handOverPurchase = async (
  { db }: AppContext,
  id: number,
  query: HandOverQuery,
  actor: Actor,
): Promise<HandOverAnswer> =>
  db.transaction().execute(async (trx) => {
    await requirePurchase(trx, id);
    return handOverTo(trx, actor, [id], query.no_entry === '1');
  });

/** Every contract not yet handed over that buys cars of the same overseas contract as this one. */
export const batchHandOverPurchases = async (
  { db }: AppContext,
  id: number,
  query: HandOverQuery,
  actor: Actor,
): Promise<HandOverAnswer> =>
  db.transaction().execute(async (trx) => {
    const purchase = await requirePurchase(trx, id);
    if (purchase.order_id === null) throw conflict(purchaseMessages.batchWithoutOrder);
    const ids = await listOpenPurchaseIdsOfOrder(trx, purchase.order_id);
    return handOverTo(trx, actor, ids, query.no_entry === '1');
  });
