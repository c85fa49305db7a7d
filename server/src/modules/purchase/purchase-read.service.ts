import { type Paged } from '../../../../contract/common';
import {
  type ImportCarsAnswer,
  PURCHASE_CURRENCY,
  type Purchase,
  type PurchaseCar,
  type PurchaseListItem,
  type PurchaseListQuery,
  purchaseMessages,
} from '../../../../contract/purchase';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { paged } from '../../envelope';
import { notFound } from '../../http-errors';
import { formatTimestamp } from '../../time';
import { fromFen, fromFenOrNull, toFen } from '../overseas/money';
import { parseFileList } from '../upload/stored-file-list';
import { vehiclesByContract } from '../vehicle/contract-car-lines';
import {
  listOrderVehiclesWithoutPurchase,
  listPurchaseCarsOf,
  listVehiclesOfPurchases,
  type PurchaseCarRow,
} from '../vehicle/vehicle.repository';
import type { VehicleRow } from '../vehicle/vehicle.table';
import {
  findCustomerTypeName,
  findOrderIdByNo,
  findPurchase,
  findPurchaseWithTotals,
  purchaseList,
  listRemitsOfPurchase,
  type PurchaseFilters,
  type PurchaseListRow,
} from './purchase.repository';
import type { PurchaseRow } from './purchase.table';
import { pageWithTotal } from '../../db/list-page';

/**
 * Purchase contracts as the list and the detail show them, and the cars an overseas contract offers the
 * purchase form's import; no transaction, no write.
 */

export const toPurchaseCar = (
  row: Pick<VehicleRow, 'id' | 'vin' | 'model' | 'price' | 'invoice' | 'other'>,
): PurchaseCar => ({
  id: row.id,
  vin: row.vin,
  model: row.model,
  price: fromFenOrNull(row.price),
  invoice: fromFenOrNull(row.invoice) ?? 0,
  other: fromFenOrNull(row.other) ?? 0,
});

export const purchaseFiltersOf = (query: Omit<PurchaseListQuery, 'page' | 'limit'>): PurchaseFilters => ({
  orderNo: query.order_no,
  purchaseNo: query.purchase_no,
  remitStatus: query.remit_status,
  input: query.input,
  vin: query.vin,
  start: query.start_time,
  end: query.end_time,
  totalFen: query.total === undefined ? undefined : toFen(query.total),
  name: query.name,
});

const toListItem = (row: PurchaseListRow, cars: readonly PurchaseCarRow[], timeZone: string): PurchaseListItem => ({
  id: row.id,
  purchase_no: row.purchase_no,
  type: row.type,
  order_id: row.order_id,
  order_no: row.order_no,
  customer_id: row.customer_id,
  customer_name: row.customer_name,
  amount: row.amount,
  total: fromFen(row.total),
  remit_total: fromFen(row.remit_total_fen),
  remit_status: row.remit_status,
  handed_over: row.handed_over,
  created_at: formatTimestamp(row.created_at, timeZone),
  updated_at: formatTimestamp(row.updated_at, timeZone),
  car: cars.map(toPurchaseCar),
});

export const listPurchases = async (
  { db, config }: AppContext,
  query: PurchaseListQuery,
): Promise<Paged<PurchaseListItem>> => {
  const filters = purchaseFiltersOf(query);
  const offset = (query.page - 1) * query.limit;
  const list = purchaseList(db, config.timeZone, filters);
  const [rows, total] = await pageWithTotal(
    offset,
    query.limit,
    () => list.page(offset, query.limit),
    () => list.count(),
  );
  const carsByPurchase = vehiclesByContract(
    await listPurchaseCarsOf(
      db,
      rows.map((row) => row.id),
    ),
    'purchase_id',
  );
  const items = rows.map((row) => toListItem(row, carsByPurchase.get(row.id) ?? [], config.timeZone));
  return paged(items, total, query.page, query.limit);
};

/** The contract, or 404: its saves, remittances and hand-overs all start from it. */
export const requirePurchase = async (db: Db, id: number): Promise<PurchaseRow> => {
  const row = await findPurchase(db, id);
  if (!row) throw notFound();
  return row;
};

export const getPurchase = async ({ db, config }: AppContext, id: number): Promise<Purchase> => {
  const row = await findPurchaseWithTotals(db, id);
  if (!row) throw notFound();
  const tz = config.timeZone;
  const [cars, remits, typeName] = await Promise.all([
    listVehiclesOfPurchases(db, [id]),
    listRemitsOfPurchase(db, id),
    row.customer_type_id === null ? Promise.resolve(null) : findCustomerTypeName(db, row.customer_type_id),
  ]);
  return {
    ...toListItem(row, cars, tz),
    customer_address: row.customer_address,
    customer_contact_way: row.customer_contact_way,
    customer_type_id: row.customer_type_id,
    customer_type: typeName,
    contracts: parseFileList(row.contracts),
    handed_over_at: row.handed_over_at === null ? null : formatTimestamp(row.handed_over_at, tz),
    remit: remits.map((remit) => ({
      id: remit.id,
      purchase_id: remit.purchase_id,
      amount: fromFen(remit.amount),
      currency: PURCHASE_CURRENCY,
      bank_slips: remit.bank_slips,
      created_at: formatTimestamp(remit.created_at, tz),
    })),
  };
};

/** The cars of the overseas contract with that number that no purchase contract holds yet. */
export const importCars = async ({ db }: AppContext, orderNo: string): Promise<ImportCarsAnswer> => {
  const orderId = await findOrderIdByNo(db, orderNo);
  if (orderId === undefined) throw notFound(purchaseMessages.importOrderUnknown);
  return { order_id: orderId, car: await listOrderVehiclesWithoutPurchase(db, orderId) };
};
