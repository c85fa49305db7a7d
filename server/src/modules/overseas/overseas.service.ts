import { messages, type Paged } from '../../../../contract/common';
import {
  type ArchiveRecord,
  type Currency,
  type DrawbackRecord,
  type FreightRecord,
  type Order,
  type OrderBody,
  type OrderCar,
  type OrderCarLine,
  type OrderCustomer,
  type OrderListItem,
  type OrderListQuery,
  orderMessages,
  type OrderOption,
  ORDER_SEARCH_LIMIT,
  ORDER_STATUS,
  type OrderSearchItem,
  type OrderStatus,
  type OrderUpdateBody,
  type Receipt,
  type ReceiptCreateBody,
  receiptMessages,
  type ReceiptUpdateBody,
} from '../../../../contract/overseas';
import type { Actor, AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { paged } from '../../envelope';
import { conflict, notFound, unprocessable } from '../../http-errors';
import { formatTimestamp, nextUpdatedAt, nowIso } from '../../time';
import { recordHistory } from '../../platform/history/record-history';
import { assertFileReferences, type FileRules } from '../upload/file-references';
import { findCustomer } from '../customer/customer.repository';
import { resolveContractCustomer } from '../customer/contract-customer';
import { parseFileList } from '../upload/stored-file-list';
import { saveUnlessChanged, updateRowIfUnchanged } from '../../db/guarded-update';
import { assertNotStale, lockRowForSave } from '../../db/stale-save';
import { listOrderVehicles, linkVehicleToOrder, listVehiclesOfOrders } from '../vehicle/vehicle.repository';
import { applyContractCarLines, type CarLinesSide, vehiclesByContract } from '../vehicle/contract-car-lines';
import { detachFromOverseasContract } from '../vehicle/vehicle-detach';
import { handOverOrderToPurchasing, settleOrders } from '../../lifecycle/order-status';
import type { VehicleRow } from '../vehicle/vehicle.table';
import { fromFen, fromFenOrNull, toFen } from './money';
import {
  countOrders,
  countReceiptsOfOrder,
  findOrder,
  findOrderByNo,
  findOrderNumbers,
  findReceipt,
  insertOrder,
  insertReceipt,
  listOrderDeregistrations,
  listOrderDrawbacks,
  listOrderFreights,
  listOrderOptions,
  listOrders as listOrderRows,
  listReceiptsOfOrders,
  type OrderFilters,
  searchOrderNumbers,
} from './overseas.repository';
import type { OrderRow, ReceiptRow } from './overseas.table';
import { findPurchase } from '../purchase/purchase.repository';
import type { PurchaseRow } from '../purchase/purchase.table';
import { pageWithTotal } from '../../db/list-page';

export const toOrderCar = (
  row: Pick<VehicleRow, 'id' | 'vin' | 'model' | 'order_price' | 'order_invoice' | 'order_other'>,
): OrderCar => ({
  id: row.id,
  vin: row.vin,
  model: row.model,
  order_price: fromFenOrNull(row.order_price),
  invoice: fromFenOrNull(row.order_invoice) ?? 0,
  other: fromFenOrNull(row.order_other) ?? 0,
});

export const toReceipt = (row: ReceiptRow, timeZone: string): Receipt => ({
  id: row.id,
  order_id: row.order_id,
  amount: fromFen(row.amount),
  currency: row.currency,
  receipt_no: row.receipt_no,
  receipted_at: row.receipted_at,
  remitter: row.remitter,
  settlement: fromFenOrNull(row.settlement),
  actual_total: fromFenOrNull(row.actual_total),
  registered_address: row.registered_address,
  proof: row.proof,
  receipt: row.receipt,
  is_deposit: row.is_deposit,
  created_at: formatTimestamp(row.created_at, timeZone),
  updated_at: formatTimestamp(row.updated_at, timeZone),
});

export const filtersOf = (query: Omit<OrderListQuery, 'page' | 'limit'>): OrderFilters => ({
  orderNo: query.order_no,
  totalFen: query.total === undefined ? undefined : toFen(query.total),
  receiptTotalFen: query.amount === undefined ? undefined : toFen(query.amount),
  vin: query.vin,
  name: query.name,
  start: query.start_time,
  end: query.end_time,
});

const groupBy = <T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
};

export const listOrders = async ({ db, config }: AppContext, query: OrderListQuery): Promise<Paged<OrderListItem>> => {
  const filters = filtersOf(query);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await pageWithTotal(
    offset,
    query.limit,
    () => listOrderRows(db, config.timeZone, filters, offset, query.limit),
    () => countOrders(db, config.timeZone, filters),
  );
  const carsByOrder = vehiclesByContract(
    await listVehiclesOfOrders(
      db,
      rows.map((row) => row.id),
    ),
    'order_id',
  );
  const items = rows.map((row): OrderListItem => ({
    id: row.id,
    order_no: row.order_no,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    customer:
      row.customer_id !== null && row.linked_customer_name !== null
        ? { id: row.customer_id, name: row.linked_customer_name }
        : null,
    country: row.customer_country,
    customer_country: row.customer_country,
    agent_id: row.agent_id,
    agent_name: row.agent_name,
    amount: row.amount,
    currency: row.currency,
    total: fromFen(row.total),
    receipt_total: fromFen(row.receipt_total_fen),
    status: row.status as OrderStatus,
    created_at: formatTimestamp(row.created_at, config.timeZone),
    updated_at: formatTimestamp(row.updated_at, config.timeZone),
    cars: (carsByOrder.get(row.id) ?? []).map(toOrderCar),
  }));
  return paged(items, total, query.page, query.limit);
};

export const listAllOrders = async ({ db }: AppContext): Promise<OrderOption[]> =>
  (await listOrderOptions(db)).map((row) => ({ ...row, status: row.status as OrderStatus }));

export const searchOrders = async ({ db }: AppContext, orderNo: string | undefined): Promise<OrderSearchItem[]> =>
  searchOrderNumbers(db, orderNo, ORDER_SEARCH_LIMIT);

const requireOrder = async (db: Db, id: number): Promise<OrderRow> => {
  const row = await findOrder(db, id);
  if (!row) throw notFound();
  return row;
};

const recordCars = <T extends { record_id: number; car_id: number; vin: string }>(cars: T[]) =>
  groupBy(cars, (car) => car.record_id);

export const getOrder = async ({ db, config }: AppContext, id: number): Promise<Order> => {
  const order = await requireOrder(db, id);
  const tz = config.timeZone;
  const [customer, vehicles, receipts, drawbacks, deregistrations, freights] = await Promise.all([
    order.customer_id === null ? Promise.resolve(undefined) : findCustomer(db, order.customer_id),
    listOrderVehicles(db, id),
    listReceiptsOfOrders(db, [id]),
    listOrderDrawbacks(db, id),
    listOrderDeregistrations(db, id),
    listOrderFreights(db, id),
  ]);
  const orderCustomer: OrderCustomer | null = customer
    ? {
        id: customer.id,
        name: customer.name,
        type_id: customer.type_id,
        type: customer.type,
        address: customer.address,
        contact_way: customer.contact_way,
        country: customer.country,
      }
    : null;
  const drawbackCars = recordCars(drawbacks.cars);
  const archiveCars = recordCars(deregistrations.cars);
  const freightCars = recordCars(freights.cars);
  const carsOf = (groups: Map<number, { car_id: number; vin: string }[]>, recordId: number) =>
    (groups.get(recordId) ?? []).map((car) => ({ car_id: car.car_id, vin: car.vin }));
  return {
    id: order.id,
    order_no: order.order_no,
    customer_id: order.customer_id,
    customer_name: order.customer_name,
    customer_address: order.customer_address,
    customer_contact_way: order.customer_contact_way,
    customer_country: order.customer_country,
    type_id: order.customer_type_id,
    customer: orderCustomer,
    agent_id: order.agent_id,
    agent_name: order.agent_name,
    amount: order.amount,
    currency: order.currency,
    total: fromFen(order.total),
    receipt_total: fromFen(receipts.reduce((sum, receipt) => sum + Number(receipt.amount), 0)),
    status: order.status as OrderStatus,
    contracts: parseFileList(order.contracts),
    agreement_no: order.agreement_no,
    agreement: order.agreement,
    created_at: formatTimestamp(order.created_at, tz),
    updated_at: formatTimestamp(order.updated_at, tz),
    cars: vehicles.map(toOrderCar),
    receipts: receipts.map((receipt) => toReceipt(receipt, tz)),
    drawback: drawbacks.records.map((record): DrawbackRecord => ({
      id: record.id,
      order_id: record.order_id,
      created_at: formatTimestamp(record.created_at, tz),
      drawbackcar: carsOf(drawbackCars, record.id),
    })),
    archive: deregistrations.records.map((record): ArchiveRecord => ({
      id: record.id,
      order_id: record.order_id,
      created_at: formatTimestamp(record.created_at, tz),
      zxzm_image: record.zxzm_image,
      archivecar: carsOf(archiveCars, record.id),
    })),
    freight: freights.records.map((record): FreightRecord => ({
      id: record.id,
      order_id: record.order_id,
      created_at: formatTimestamp(record.created_at, tz),
      yffp_image: record.yffp_image,
      yffkd_image: record.yffkd_image,
      freightcar: carsOf(freightCars, record.id),
      carimage: parseFileList(record.car_images).map((imageUrl) => ({ image_url: imageUrl })),
    })),
  };
};

// Saving the contract form

/** The slots the form's UploadSlots upload into: a contract file or an image is not an agreement. */
const orderFiles: FileRules<'contracts' | 'agreement'> = {
  fields: { contracts: ['contract'], agreement: ['agreement'] },
  message: orderMessages.storagePath,
};
/** The receipt dialogs' proof of payment and settlement tax slip are both `image` uploads. */
const receiptCreateFiles: FileRules<'proof'> = { fields: { proof: ['image'] }, message: orderMessages.storagePath };
const receiptUpdateFiles: FileRules<'receipt'> = { fields: { receipt: ['image'] }, message: orderMessages.storagePath };

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
      const customerId = await resolveContractCustomer(trx, body, actor, orderMessages);
      const at = nowIso();
      const id = await insertOrder(trx, {
        ...contractColumns(body, customerId),
        // status: the table's default, 1 (new); only the lifecycle changes it.
        created_by: actor.userId,
        created_at: at,
        updated_at: at,
      });
      await applyCarLines(trx, id, body.cars, actor);
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
      const customerId = await resolveContractCustomer(trx, body, actor, orderMessages);
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

// Receipts

const receiptAudit = (row: Omit<ReceiptRow, 'id' | 'created_at' | 'updated_at' | 'created_by'>) => ({
  order_id: row.order_id,
  amount: row.amount,
  currency: row.currency,
  receipt_no: row.receipt_no,
  receipted_at: row.receipted_at,
  remitter: row.remitter,
  settlement: row.settlement,
  actual_total: row.actual_total,
  registered_address: row.registered_address,
  proof: row.proof,
  receipt: row.receipt,
  is_deposit: row.is_deposit,
});

export const createReceipt = async (
  { db }: AppContext,
  orderId: number,
  body: ReceiptCreateBody,
  actor: Actor,
): Promise<{ id: number }> =>
  db.transaction().execute(async (trx) => {
    const order = await requireOrder(trx, orderId);
    if (body.amount <= 0) throw unprocessable(receiptMessages.amountPositive, 'amount');
    if (body.currency !== order.currency) throw unprocessable(receiptMessages.currencyMismatch, 'currency');
    await assertFileReferences(trx, receiptCreateFiles, body);
    const at = nowIso();
    const row = {
      order_id: orderId,
      amount: toFen(body.amount),
      currency: body.currency as Currency,
      receipt_no: body.receipt_no,
      receipted_at: body.receipted_at,
      remitter: body.remitter ?? null,
      settlement: null,
      actual_total: null,
      registered_address: null,
      proof: body.proof,
      receipt: null,
      is_deposit: body.is_deposit,
    };
    const id = await insertReceipt(trx, { ...row, created_by: actor.userId, created_at: at, updated_at: at });
    await recordHistory(trx, actor, {
      action: 'create',
      entity: 'receipt',
      entityId: id,
      orderId,
      after: receiptAudit(row),
    });
    return { id };
  });

export const updateReceipt = async (
  { db, config }: AppContext,
  id: number,
  body: ReceiptUpdateBody,
  actor: Actor,
): Promise<Receipt> =>
  db.transaction().execute(async (trx) => {
    await lockRowForSave(trx, 'receipts', id);
    const existing = await findReceipt(trx, id);
    if (!existing) throw notFound();
    assertNotStale(body.updated_at, existing.updated_at);
    await assertFileReferences(trx, receiptUpdateFiles, body, { receipt: existing.receipt });
    const patch = {
      receipt_no: body.receipt_no,
      receipted_at: body.receipted_at,
      settlement: toFen(body.settlement),
      actual_total: body.actual_total === undefined ? null : toFen(body.actual_total),
      registered_address: body.registered_address ?? null,
      // The tax slip is kept unless a new one is sent.
      receipt: body.receipt ?? existing.receipt,
      updated_at: nextUpdatedAt(existing.updated_at),
    };
    const updated = { ...existing, ...patch };
    await saveUnlessChanged(
      trx,
      actor,
      () => updateRowIfUnchanged(trx, 'receipts', id, patch, existing.updated_at),
      () => ({
        action: 'update',
        entity: 'receipt',
        entityId: id,
        orderId: existing.order_id,
        before: receiptAudit(existing),
        after: receiptAudit(updated),
      }),
    );
    return toReceipt(updated, config.timeZone);
  });
