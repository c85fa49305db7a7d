import { messages } from '../../../../contract/common';
import {
  type OrderBody,
  type OrderCarLine,
  ORDER_STATUS,
  type OrderStatus,
  type OrderUpdateBody,
} from '../../../../contract/overseas';
import { orderMessages } from '../../../../contract/overseas-messages';
import type { Actor, AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { conflict, unprocessable } from '../../http-errors';
import { nextUpdatedAt, nowIso } from '../../time';
import { recordHistory } from '../../platform/history/record-history';
import { assertFileReferences, type FileRules } from '../upload/file-references';
import { findCustomer } from '../customer/customer.repository';
import { resolveContractCustomer } from '../customer/contract-customer';
import { parseFileList } from '../upload/stored-file-list';
import { saveUnlessChanged, updateRowIfUnchanged } from '../../db/guarded-update';
import { assertNotStale, lockRowForSave } from '../../db/stale-save';
import { listOrderVehicles, linkVehicleToOrder } from '../vehicle/vehicle.repository';
import { applyContractCarLines, type CarLinesSide } from '../vehicle/contract-car-lines';
import { detachFromOverseasContract } from '../vehicle/vehicle-detach';
import { syncOrderDeadlines } from '../../lifecycle/deadlines';
import { handOverOrderToPurchasing, settleOrders } from '../../lifecycle/order-status';
import type { VehicleRow } from '../vehicle/vehicle.table';
import { toFen } from './money';
import { countReceiptsOfOrder, findOrderByNo, findOrderNumbers, insertOrder } from './overseas.repository';
import { findPurchase } from '../purchase/purchase.repository';
import type { PurchaseRow } from '../purchase/purchase.table';
import { requireOrder } from './overseas-read.service';

/**
 * Saving an overseas contract's form (the contract, its car lines, the purchase contracts that follow
 * it) and handing it over to purchasing. The reads are in overseas-read.service.ts, receipts in
 * overseas-receipt.service.ts.
 */

/** The slots the form's UploadSlots upload into: a contract file or an image is not an agreement. */
const orderFiles: FileRules<'contracts' | 'agreement'> = {
  fields: { contracts: ['contract'], agreement: ['agreement'] },
  message: orderMessages.storagePath,
};

const contractColumns = (body: OrderBody, customerId: number) => ({
  order_no: body.order_no,
  customer_id: customerId,
  customer_name: body.name,
  customer_address: body.address,
  customer_contact_way: body.contact_way,
  customer_country: body.country ?? null,
  customer_type_id: body.type_id,
  agent_id: body.agent_id ?? null,
  agent_name: body.agent_name,
  amount: body.amount,
  currency: body.currency,
  total: toFen(body.total),
  contracts: JSON.stringify(body.contracts),
  agreement_no: body.agreement_no ?? null,
  agreement: body.agreement ?? null,
});

/**
 * DOMAIN.md's rule from the overseas side: every car of a purchase contract that belongs to an overseas
 * contract belongs to the purchase's `order_id`. Cars a purchase contract of another overseas contract
 * buys are refused (422 naming them and that purchase). A purchase contract with no overseas contract
 * (the clerk bought the cars before the sale was signed) now points at this one, in this save's
 * transaction, with its audit row. A purchase whose car later leaves this contract keeps its order_id:
 * the rule allows an order_id whose contract holds none of its cars.
 */
const purchasesFollowOrder = async (trx: Db, orderId: number, joining: readonly VehicleRow[], actor: Actor) => {
  const purchaseIds = [...new Set(joining.map((vehicle) => vehicle.purchase_id))]
    .filter((id): id is number => id !== null)
    .sort((left, right) => left - right);
  const purchases: PurchaseRow[] = [];
  for (const purchaseId of purchaseIds) {
    // Taken before any vehicle row, in id order, as a purchase save takes its own row first: a purchase
    // saved meanwhile is read as it commits, and neither save waits for the other in a circle.
    await lockRowForSave(trx, 'purchases', purchaseId);
    const purchase = await findPurchase(trx, purchaseId);
    if (purchase) purchases.push(purchase);
  }
  const vinsOf = (purchaseId: number) =>
    joining
      .filter((vehicle) => vehicle.purchase_id === purchaseId)
      .map((vehicle) => vehicle.vin)
      .sort();

  const foreign = purchases.filter((purchase) => purchase.order_id !== null && purchase.order_id !== orderId);
  if (foreign.length > 0) {
    const orderNos = await findOrderNumbers(
      trx,
      foreign.map((purchase) => purchase.order_id as number),
    );
    const message = orderMessages.carsOfOtherOrdersPurchase(
      foreign.map((purchase) => ({
        vins: vinsOf(purchase.id),
        purchaseNo: purchase.purchase_no,
        orderNo: orderNos.get(purchase.order_id as number) ?? String(purchase.order_id),
      })),
    );
    throw unprocessable(message, 'cars');
  }

  for (const purchase of purchases.filter((candidate) => candidate.order_id === null)) {
    await saveUnlessChanged(
      trx,
      actor,
      () =>
        updateRowIfUnchanged(
          trx,
          'purchases',
          purchase.id,
          { order_id: orderId, updated_at: nextUpdatedAt(purchase.updated_at) },
          purchase.updated_at,
        ),
      () => ({
        action: 'update',
        entity: 'purchase',
        entityId: purchase.id,
        before: { order_id: null },
        after: { order_id: orderId, cars: vinsOf(purchase.id) },
      }),
    );
  }
};

/**
 * The overseas side of a vehicle row: `order_id` and the sale prices. A VIN on another overseas contract
 * is refused naming it; saved vehicles missing from the lines leave the contract (vehicle-detach.ts).
 */
const orderCarLines: CarLinesSide<OrderCarLine, 'order_price' | 'order_invoice' | 'order_other'> = {
  contract: 'order_id',
  prices: ['order_price', 'order_invoice', 'order_other'],
  pricesOf: (line) => ({
    order_price: toFen(line.order_price),
    order_invoice: toFen(line.invoice),
    order_other: toFen(line.other),
  }),
  listCurrent: listOrderVehicles,
  heldElsewhere: async (trx, vin, holderId) =>
    orderMessages.vinOnOtherOrder(vin, (await findOrderNumbers(trx, [holderId])).get(holderId) ?? String(holderId)),
  link: linkVehicleToOrder,
  joining: (trx, orderId, vehicles, actor) => purchasesFollowOrder(trx, orderId, vehicles, actor),
  settle: async (trx, _kept, removed, actor) => {
    for (const vehicle of removed) await detachFromOverseasContract(trx, vehicle, actor);
  },
};

const applyCarLines = (trx: Db, orderId: number, lines: readonly OrderCarLine[], actor: Actor) =>
  applyContractCarLines(trx, orderCarLines, orderId, lines, actor);

const requireAgent = async (trx: Db, agentId: number | undefined) => {
  if (agentId !== undefined && !(await findCustomer(trx, agentId))) {
    throw unprocessable(orderMessages.agentUnknown, 'agent_id');
  }
};

const orderAudit = (body: OrderBody, customerId: number) => ({
  ...contractColumns(body, customerId),
  cars: body.cars.map((car) => car.vin),
});

/** The pre-checks passed, then another save took the contract number or a new VIN first. */
const translateUnique = async (db: Db, error: unknown, orderNo: string, id?: number): Promise<never> => {
  if (!isUniqueViolation(error)) throw error;
  const holder = await findOrderByNo(db, orderNo);
  if (holder && holder.id !== id) throw conflict(orderMessages.orderNoTaken);
  throw conflict(messages.staleRecord);
};

export const createOrder = async ({ db }: AppContext, body: OrderBody, actor: Actor): Promise<{ id: number }> => {
  if (await findOrderByNo(db, body.order_no)) throw conflict(orderMessages.orderNoTaken);
  try {
    return await db.transaction().execute(async (trx) => {
      await assertFileReferences(trx, orderFiles, body);
      await requireAgent(trx, body.agent_id);
      const customerId = await resolveContractCustomer(trx, body, actor, orderMessages, { side: 'order' });
      const at = nowIso();
      const id = await insertOrder(trx, {
        ...contractColumns(body, customerId),
        // status: the table's default, 1 (new); only the lifecycle changes it.
        created_by: actor.userId,
        created_at: at,
        updated_at: at,
      });
      await applyCarLines(trx, id, body.cars, actor);
      // The contract's receipt deadline starts on its creation day.
      await syncOrderDeadlines(trx, [id]);
      await recordHistory(trx, actor, {
        action: 'create',
        entity: 'order',
        entityId: id,
        after: orderAudit(body, customerId),
      });
      return { id };
    });
  } catch (error) {
    return translateUnique(db, error, body.order_no);
  }
};

export const updateOrder = async (
  { db }: AppContext,
  id: number,
  body: OrderUpdateBody,
  actor: Actor,
): Promise<{ id: number }> => {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockRowForSave(trx, 'orders', id);
      const existing = await requireOrder(trx, id);
      assertNotStale(body.updated_at, existing.updated_at);
      if (body.order_no !== existing.order_no) {
        const holder = await findOrderByNo(trx, body.order_no);
        if (holder && holder.id !== id) throw conflict(orderMessages.orderNoTaken);
      }
      if (body.currency !== existing.currency && (await countReceiptsOfOrder(trx, id)) > 0) {
        throw unprocessable(orderMessages.currencyLocked, 'currency');
      }
      // Files already on the contract stay, even those saved before uploads were recorded.
      await assertFileReferences(trx, orderFiles, body, {
        contracts: parseFileList(existing.contracts),
        agreement: existing.agreement,
      });
      await requireAgent(trx, body.agent_id);
      const customerId = await resolveContractCustomer(trx, body, actor, orderMessages, {
        side: 'order',
        kept: { customerId: existing.customer_id, typeId: existing.customer_type_id },
      });
      const patch = { ...contractColumns(body, customerId), updated_at: nextUpdatedAt(existing.updated_at) };
      const carsBefore = (await listOrderVehicles(trx, id)).map((vehicle) => vehicle.vin);
      await saveUnlessChanged(
        trx,
        actor,
        async () => {
          if (!(await updateRowIfUnchanged(trx, 'orders', id, patch, existing.updated_at))) return false;
          await applyCarLines(trx, id, body.cars, actor);
          // A vehicle added to a finished contract reopens it (status 2); removing the last incomplete one
          // finishes it: the lifecycle decides, in this transaction.
          await settleOrders(trx, actor, [id]);
          // A new total may stop or reopen its receipt deadline.
          await syncOrderDeadlines(trx, [id]);
          return true;
        },
        () => ({
          action: 'update',
          entity: 'order',
          entityId: id,
          before: { ...existing, contracts: parseFileList(existing.contracts), cars: carsBefore },
          after: orderAudit(body, customerId),
        }),
      );
      return { id };
    });
  } catch (error) {
    return translateUnique(db, error, body.order_no, id);
  }
};

/** Hands the contract to purchasing (status 2); vehicles do not move (DOMAIN.md). The lifecycle sets it. */
export const handOverOrder = async ({ db }: AppContext, id: number, actor: Actor): Promise<{ status: OrderStatus }> =>
  db.transaction().execute(async (trx) => {
    await handOverOrderToPurchasing(trx, actor, id);
    return { status: ORDER_STATUS.handedOver };
  });
