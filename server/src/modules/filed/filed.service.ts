import type { Paged } from '../../../../contract/common';
import {
  type ArchiveAddBody,
  type ArchiveEditBody,
  type ArchiveListsQuery,
  type DrawbackAddBody,
  type DrawbackEditBody,
  type FiledDrawbackRecord,
  type FiledArchiveRecord,
  type FiledCard,
  type FiledFreightRecord,
  type FiledStage,
  type FreightAddBody,
  type FreightEditBody,
  filedMessages,
} from '../../../../contract/filed';
import type { RecordDocuments } from '../../../../contract/stage';
import type { Actor, AppContext } from '../../app-context';
import { assertNotStale } from '../../db/stale-save';
import { paged } from '../../envelope';
import { notFound, unprocessable } from '../../http-errors';
import { saveStageRecord } from '../../lifecycle/stage-record';
import { formatTimestamp } from '../../time';
import { findOrderNo, findVehiclesByVins } from '../release/exports.repository';
import { assertFileReferences, stageFileRules } from '../upload/file-references';
import { parseFileList } from '../upload/stored-file-list';
import {
  countFiledOrders,
  deregisteredVehicles,
  type DeregistrationReadRow,
  type FiledFilters,
  findDeregistrationRow,
  findDeregistrations,
  findFreightRow,
  findFreights,
  findTaxRefund,
  findTaxRefundRow,
  freightVehicles,
  taxRefundVehicles,
  type FreightReadRow,
  listFiledOrders,
  type RecordVehicle,
} from './filed.repository';
import { pageWithTotal } from '../../db/list-page';
import { fromFenOrNull, toFen } from '../overseas/money';
import { deadlineKeysOfList } from '../../../../contract/deadline';
import { mostUrgentDeadlines } from '../deadline/deadline.service';

// ---- the filed list ----

const filtersOf = (query: ArchiveListsQuery): FiledFilters => ({
  orderNo: query.order_no,
  vin: query.vin,
  drawback: query.drawback,
  archive: query.archive,
  freight: query.freight,
});

/** `archiveLists`: a page of overseas contracts holding vehicles in filing, each with those vehicles. */
export const listFiled = async ({ db, config }: AppContext, query: ArchiveListsQuery): Promise<Paged<FiledCard>> => {
  const filters = filtersOf(query);
  const offset = (query.page - 1) * query.limit;
  const [{ orders, vehicles }, total] = await pageWithTotal(
    offset,
    query.limit,
    () => listFiledOrders(db, filters, offset, query.limit),
    () => countFiledOrders(db, filters),
    (page) => page.orders.length,
  );
  // The page's vehicles' open filing deadlines, in one read (issue 25).
  const deadlines = await mostUrgentDeadlines(
    db,
    vehicles.map((vehicle) => vehicle.id),
    deadlineKeysOfList.filed,
  );
  const cards = orders.map((order): FiledCard => {
    const cars = vehicles
      .filter((vehicle) => vehicle.order_id === order.id)
      .map(({ id, vin, model, drawback, archive, freight }) => ({
        id,
        vin,
        model,
        drawback,
        archive,
        freight,
        deadline: deadlines.get(id) ?? null,
      }));
    return {
      id: order.id,
      order_no: order.order_no,
      customer_name: order.customer_name,
      customer: { name: order.customer_name },
      status: order.status,
      amount: order.amount,
      car_count: cars.length,
      finished: order.status === 6,
      car: cars,
      created_at: formatTimestamp(order.created_at, config.timeZone),
    };
  });
  return paged(cards, total, query.page, query.limit);
};

// ---- saving a record ----

const fileRules = {
  archive: stageFileRules('archive', filedMessages.fileNotUploaded),
  freight: stageFileRules('freight', filedMessages.fileNotUploaded),
} as const;

interface FiledSave {
  stage: FiledStage;
  body: { order_id: number; vin: string[] };
  /** The record's amount column (issue 26): fen, or null when not recorded. */
  money?: Record<string, number | null>;
  documents: RecordDocuments;
  recordId?: number;
  /** The edited record's files: kept as they are even if their upload rows are gone. */
  held?: RecordDocuments;
  expectedUpdatedAt?: string | undefined;
}

/**
 * Every filing record is one save (`saveStageRecord`, stage drawback, archive or freight): it checks each
 * vehicle's flow (409 naming the VIN and where it is: a vehicle not yet handed to filing), refuses a
 * vehicle another record of the stage holds (edit that one), replaces the edited record's links (a
 * dropped vehicle's value goes back to 0), sets the values from the documents, writes the audit row and
 * settles the contract (status 6 when its last vehicle is complete, back to 2 when one no longer is), all
 * in one transaction. Before it, this checks what only a filing record knows: the contract exists,
 * every vehicle is one of its vehicles, and the files are the clerk's uploads for those slots.
 */
const saveFiled = async (ctx: AppContext, actor: Actor, save: FiledSave): Promise<{ id: number }> => {
  const { body, stage } = save;
  const orderNo = await findOrderNo(ctx.db, body.order_id);
  if (orderNo === undefined) throw unprocessable(filedMessages.orderUnknown, 'order_id');
  const vins = [...new Set(body.vin)];
  const vehicles = await findVehiclesByVins(ctx.db, vins);
  const known = new Set(vehicles.map((vehicle) => vehicle.vin));
  const unknown = vins.find((vin) => !known.has(vin));
  if (unknown !== undefined) throw notFound(filedMessages.vehicleUnknown(unknown));
  // In the clerk's order, so the message names the first vehicle they picked that does not belong.
  const stranger = vins
    .map((vin) => vehicles.find((vehicle) => vehicle.vin === vin))
    .find((vehicle) => vehicle !== undefined && vehicle.order_id !== body.order_id);
  if (stranger) throw unprocessable(filedMessages.notOnOrder(stranger.vin, orderNo), 'vin');
  if (stage !== 'drawback') await assertFileReferences(ctx.db, fileRules[stage], save.documents, save.held);

  const saved = await saveStageRecord(ctx.db, actor, {
    stage,
    ...(save.recordId === undefined ? {} : { recordId: save.recordId }),
    vehicleIds: vehicles.map((vehicle) => vehicle.id),
    fields: { order_id: body.order_id, ...save.money },
    documents: save.documents,
    ...(save.expectedUpdatedAt === undefined ? {} : { expectedUpdatedAt: save.expectedUpdatedAt }),
  });
  return { id: saved.id };
};

/** An edit names its record, which must exist, not have changed since the form read it, and keep its contract. */
const checkEdit = (
  current: { order_id: number; updated_at: string } | undefined,
  body: { order_id: number; updated_at?: string | undefined },
): void => {
  if (!current) throw notFound();
  // Checked here for the clear answer before any work, and again by the save's guarded write.
  assertNotStale(body.updated_at, current.updated_at);
  if (body.order_id !== current.order_id) throw unprocessable(filedMessages.orderLocked, 'order_id');
};

/** An optional amount as its column: fen, or null for "not recorded" (0 is a recorded amount). */
const fenOrNull = (amount: number | undefined): number | null => (amount === undefined ? null : toFen(amount));

/** `drawbackAdd`: the tax refund of these vehicles (no documents) and, when known, its amount. */
export const addDrawback = (ctx: AppContext, body: DrawbackAddBody, actor: Actor) =>
  saveFiled(ctx, actor, {
    stage: 'drawback',
    body,
    money: { drawback_money: fenOrNull(body.drawback_money) },
    documents: {},
  });

/** `drawbackEdit` (issue 26): the record's vehicles and amount; the amount's change is in the history. */
export const editDrawback = async (ctx: AppContext, body: DrawbackEditBody, actor: Actor) => {
  const current = await findTaxRefundRow(ctx.db, body.drawback_id);
  checkEdit(current, body);
  return saveFiled(ctx, actor, {
    stage: 'drawback',
    body,
    money: { drawback_money: fenOrNull(body.drawback_money) },
    documents: {},
    recordId: body.drawback_id,
    expectedUpdatedAt: body.updated_at,
  });
};

const archiveDocuments = (body: ArchiveAddBody): RecordDocuments => ({ zxzm_image: body.zxzm_image });

export const addArchive = (ctx: AppContext, body: ArchiveAddBody, actor: Actor) =>
  saveFiled(ctx, actor, { stage: 'archive', body, documents: archiveDocuments(body) });

export const editArchive = async (ctx: AppContext, body: ArchiveEditBody, actor: Actor) => {
  const current = await findDeregistrationRow(ctx.db, body.archive_id);
  checkEdit(current, body);
  return saveFiled(ctx, actor, {
    stage: 'archive',
    body,
    documents: archiveDocuments(body),
    recordId: body.archive_id,
    held: { zxzm_image: current?.zxzm_image },
    expectedUpdatedAt: body.updated_at,
  });
};

const freightDocuments = (body: FreightAddBody): RecordDocuments => ({
  yffp_image: body.yffp_image ?? null,
  yffkd_image: body.yffkd_image ?? null,
  car_image: body.car_image,
});

export const addFreight = (ctx: AppContext, body: FreightAddBody, actor: Actor) =>
  saveFiled(ctx, actor, {
    stage: 'freight',
    body,
    money: { freight_money: fenOrNull(body.freight_money) },
    documents: freightDocuments(body),
  });

export const editFreight = async (ctx: AppContext, body: FreightEditBody, actor: Actor) => {
  const current = await findFreightRow(ctx.db, body.freight_id);
  checkEdit(current, body);
  return saveFiled(ctx, actor, {
    stage: 'freight',
    body,
    money: { freight_money: fenOrNull(body.freight_money) },
    documents: freightDocuments(body),
    recordId: body.freight_id,
    held: current && {
      yffp_image: current.yffp_image,
      yffkd_image: current.yffkd_image,
      car_image: parseFileList(current.car_images),
    },
    expectedUpdatedAt: body.updated_at,
  });
};

// ---- reading records ----

const carsOf = (vehicles: readonly RecordVehicle[], recordId: number) =>
  vehicles
    .filter((vehicle) => vehicle.record_id === recordId)
    .map((vehicle) => ({ car_id: vehicle.id, vin: vehicle.vin, model: vehicle.model }));

const toArchive = (row: DeregistrationReadRow, vehicles: readonly RecordVehicle[], timeZone: string) => ({
  id: row.id,
  archive_id: row.id,
  order_id: row.order_id,
  order_no: row.order_no,
  customer_name: row.customer_name,
  archivecar: carsOf(vehicles, row.id),
  zxzm_image: row.zxzm_image,
  created_at: formatTimestamp(row.created_at, timeZone),
  updated_at: formatTimestamp(row.updated_at, timeZone),
});

const readArchives = async (
  { db, config }: AppContext,
  by: { ids: readonly number[] } | { orderId: number },
): Promise<FiledArchiveRecord[]> => {
  const rows = await findDeregistrations(db, by);
  const vehicles = await deregisteredVehicles(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toArchive(row, vehicles, config.timeZone));
};

/** `archiveSingle`: one deregistration. */
export const getArchive = async (ctx: AppContext, id: number): Promise<FiledArchiveRecord> => {
  const [record] = await readArchives(ctx, { ids: [id] });
  if (!record) throw notFound();
  return record;
};

/** `archiveRead`: the contract's deregistrations, oldest first (none for an unknown contract). */
export const getOrderArchives = (ctx: AppContext, orderId: number): Promise<FiledArchiveRecord[]> =>
  readArchives(ctx, { orderId });

const toFreight = (row: FreightReadRow, vehicles: readonly RecordVehicle[], timeZone: string): FiledFreightRecord => {
  const photos = parseFileList(row.car_images);
  return {
    id: row.id,
    freight_id: row.id,
    order_id: row.order_id,
    order_no: row.order_no,
    customer_name: row.customer_name,
    freightcar: carsOf(vehicles, row.id),
    yffp_image: row.yffp_image,
    yffkd_image: row.yffkd_image,
    freight_money: fromFenOrNull(row.freight_money),
    car_image: photos,
    carimage: photos.map((image_url) => ({ image_url })),
    created_at: formatTimestamp(row.created_at, timeZone),
    updated_at: formatTimestamp(row.updated_at, timeZone),
  };
};

/** `freightSingle`: one freight record. */
export const getFreight = async ({ db, config }: AppContext, id: number): Promise<FiledFreightRecord> => {
  const [row] = await findFreights(db, [id]);
  if (!row) throw notFound();
  return toFreight(row, await freightVehicles(db, [id]), config.timeZone);
};

/** `drawbackSingle` (issue 26, the edit page): one tax refund with its vehicles and amount. */
export const getDrawback = async ({ db, config }: AppContext, id: number): Promise<FiledDrawbackRecord> => {
  const row = await findTaxRefund(db, id);
  if (!row) throw notFound();
  const vehicles = await taxRefundVehicles(db, id);
  return {
    id: row.id,
    drawback_id: row.id,
    order_id: row.order_id,
    order_no: row.order_no,
    customer_name: row.customer_name,
    drawbackcar: carsOf(vehicles, row.id),
    drawback_money: fromFenOrNull(row.drawback_money),
    created_at: formatTimestamp(row.created_at, config.timeZone),
    updated_at: formatTimestamp(row.updated_at, config.timeZone),
  };
};
