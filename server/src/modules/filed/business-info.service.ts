import {
  type ProcedureRead,
  procedureReadMessages,
  type PurchaseListsItem,
} from '../../../../contract/filed-business-info';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http-errors';
import { formatTimestamp } from '../../time';
import { getExports } from '../release/exports.service';
import { findOrder } from '../overseas/overseas.repository';
import { getOrder } from '../overseas/overseas-read.service';
import { getEntry } from '../pickup/pickup.service';
import { getPlate, getTransfer } from '../registry/registry.service';
import { getReleasePass } from '../release/release-pass.service';
import type { ExportsRecord } from '../../../../contract/release-exports';
import { findProcedureVehicle, purchasesHoldingOrderVehicles, recordIdsOfVehicle } from './business-info.repository';

/** Each record through its stage's own read, so the page gets the shape that stage's screens show. */
const readEach = <T>(ids: readonly number[], read: (id: number) => Promise<T>): Promise<T[]> =>
  Promise.all(ids.map(read));

const holds = (car: { car_id: number }[], vehicleId: number) => car.some((held) => held.car_id === vehicleId);

/**
 * `procedureRead`: the vehicle, its overseas contract (`getOrder`), its purchase contract's id and every
 * stage record holding it, each read by its module's own read. The filing records (tax refund,
 * deregistration, freight) are the contract's (`getOrder` reads them) that hold this vehicle.
 */
export const readProcedure = async (ctx: AppContext, vehicleId: number): Promise<ProcedureRead> => {
  const vehicle = await findProcedureVehicle(ctx.db, vehicleId);
  if (!vehicle) throw notFound(procedureReadMessages.carUnknown);
  const recordIds = await recordIdsOfVehicle(ctx.db, vehicleId);
  const [order, entry, plate, transfer, release, exportsRecords] = await Promise.all([
    vehicle.order_id === null ? Promise.resolve(null) : getOrder(ctx, vehicle.order_id),
    readEach(recordIds.entry, (id) => getEntry(ctx, id)),
    readEach(recordIds.plate, (id) => getPlate(ctx, id)),
    readEach(recordIds.transfer, (id) => getTransfer(ctx, id)),
    readEach(recordIds.release, (id) => getReleasePass(ctx, id)),
    readEach(recordIds.exports, async (id) => (await getExports(ctx, { exportsId: id })) as ExportsRecord),
  ]);
  return {
    car: {
      id: vehicle.id,
      vin: vehicle.vin,
      model: vehicle.model,
      order_id: vehicle.order_id,
      purchase_id: vehicle.purchase_id,
      flow: vehicle.flow,
      entry: vehicle.entry,
      plate: vehicle.plate,
      release: vehicle.release,
      transfer: vehicle.transfer,
      exports: vehicle.exports,
      drawback: vehicle.drawback,
      archive: vehicle.archive,
      freight: vehicle.freight,
      created_at: formatTimestamp(vehicle.created_at, ctx.config.timeZone),
    },
    order,
    purchase: vehicle.purchase_id === null ? [] : [vehicle.purchase_id],
    entry,
    release,
    plate,
    transfer,
    exports: exportsRecords,
    drawback: (order?.drawback ?? []).filter((record) => holds(record.drawbackcar, vehicleId)),
    archive: (order?.archive ?? []).filter((record) => holds(record.archivecar, vehicleId)),
    freight: (order?.freight ?? []).filter((record) => holds(record.freightcar, vehicleId)),
  };
};

/** `getPurchaseLists`: the purchase contracts holding vehicles of the overseas contract, oldest first. */
export const purchaseListsOfOrder = async (
  { db, config }: AppContext,
  orderId: number,
): Promise<PurchaseListsItem[]> => {
  if (!(await findOrder(db, orderId))) throw notFound(procedureReadMessages.orderUnknown);
  const rows = await purchasesHoldingOrderVehicles(db, orderId);
  return rows.map((row) => ({
    id: row.id,
    purchase_no: row.purchase_no,
    type: row.type,
    customer_name: row.customer_name,
    car_count: Number(row.car_count),
    created_at: formatTimestamp(row.created_at, config.timeZone),
  }));
};
