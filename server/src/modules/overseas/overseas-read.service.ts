import { type Paged } from '../../../../contract/common';
import {
  type ArchiveRecord,
  type DrawbackRecord,
  type FreightRecord,
  type Order,
  type OrderCar,
  type OrderCustomer,
  type OrderListItem,
  type OrderListQuery,
  type OrderOption,
  ORDER_SEARCH_LIMIT,
  type OrderSearchItem,
  type OrderStatus,
  type Receipt,
} from '../../../../contract/overseas';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { paged } from '../../envelope';
import { notFound } from '../../http-errors';
import { formatTimestamp } from '../../time';
import { findCustomer } from '../customer/customer.repository';
import { parseFileList } from '../upload/stored-file-list';
import { listOrderVehicles, listVehiclesOfOrders } from '../vehicle/vehicle.repository';
import { vehiclesByContract } from '../vehicle/contract-car-lines';
import type { VehicleRow } from '../vehicle/vehicle.table';
import { fromFen, fromFenOrNull, toFen } from './money';
import {
  findOrder,
  listOrderDeregistrations,
  listOrderDrawbacks,
  listOrderFreights,
  listOrderOptions,
  orderList,
  listReceiptsOfOrders,
  type OrderFilters,
  searchOrderNumbers,
} from './overseas.repository';
import type { OrderRow, ReceiptRow } from './overseas.table';
import { pageWithTotal } from '../../db/list-page';

/**
 * Overseas contracts as the list, the search and the detail show them; no transaction, no write.
 */

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
  const list = orderList(db, config.timeZone, filters);
  const [rows, total] = await pageWithTotal(
    offset,
    query.limit,
    () => list.page(offset, query.limit),
    () => list.count(),
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

/** The contract, or 404: the detail, its saves and its receipts all start from it. */
export const requireOrder = async (db: Db, id: number): Promise<OrderRow> => {
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
      drawback_money: fromFenOrNull(record.drawback_money),
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
      freight_money: fromFenOrNull(record.freight_money),
    })),
  };
};
