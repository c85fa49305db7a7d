import type { Paged } from '../../../../contract/common';
import {
  PLATE_DOCUMENTS,
  type Plate,
  type PlateAddBody,
  type PlateEditBody,
  type RegistryListItem,
  type RegistryListQuery,
  type RegistryStage,
  registryMessages,
  TRANSFER_DOCUMENTS,
  type Transfer,
  type TransferAddBody,
  type TransferEditBody,
} from '../../../../contract/registry';
import type { HandOverAnswer } from '../../../../contract/stage';
import { PURCHASE_TYPES } from '../../../../contract/purchase';
import type { Actor, AppContext } from '../../app-context';
import { assertNotStale } from '../../db/stale-save';
import { paged } from '../../envelope';
import { conflict, notFound } from '../../http-errors';
import { handOverPurchases } from '../../lifecycle/hand-over';
import { saveStageRecord } from '../../lifecycle/stage-record';
import { formatTimestamp } from '../../time';
import { assertFileReferences, stageFileRules } from '../upload/file-references';
import { parseFileList } from '../upload/stored-file-list';
import {
  findPlateRead,
  findPlating,
  findTransfer,
  registryPurchasesOfOrder,
  findTransferRead,
  findRegistryVehicle,
  listRegistry as listRegistryRows,
  type PlateReadRow,
  type RegistryListRow,
} from './registry.repository';
import { deadlineKeysOfList } from '../../../../contract/deadline';
import { mostUrgentDeadlines } from '../deadline/deadline.service';

const summary = (id: number | null, rate: number | null, createdAt: string | null, timeZone: string) =>
  id === null || createdAt === null ? [] : [{ id, rate: rate ?? 0, created_at: formatTimestamp(createdAt, timeZone) }];

const toListItem = (row: RegistryListRow, timeZone: string): Omit<RegistryListItem, 'deadline'> => ({
  id: row.id,
  vin: row.vin,
  model: row.model,
  flow: row.flow,
  order_id: row.order_id,
  order_no: row.order_no,
  purchase_id: row.purchase_id,
  purchase_no: row.purchase_no,
  purchase_type: row.purchase_type,
  plate: summary(row.plate_id, row.plate_rate, row.plate_created_at, timeZone),
  transfer: summary(row.transfer_id, row.transfer_rate, row.transfer_created_at, timeZone),
  procedure: { plate: row.plate, transfer: row.transfer },
});

/** `plateLists` and `transferLists`: the same list, by tab (1 new cars, 2 used cars). */
export const listRegistry = async (
  { db, config }: AppContext,
  query: RegistryListQuery,
): Promise<Paged<RegistryListItem>> => {
  const { rows, total } = await listRegistryRows(
    db,
    {
      tab: query.type,
      ...(query.vin ? { vin: query.vin } : {}),
      ...(query.order_id !== undefined ? { orderId: query.order_id } : {}),
    },
    (query.page - 1) * query.limit,
    query.limit,
  );
  // The page's vehicles' open 上牌/过户 and 临时牌照到期 deadlines, in one read (issue 25).
  const deadlines = await mostUrgentDeadlines(
    db,
    rows.map((row) => row.id),
    deadlineKeysOfList.registry,
  );
  return paged(
    rows.map((row) => ({ ...toListItem(row, config.timeZone), deadline: deadlines.get(row.id) ?? null })),
    total,
    query.page,
    query.limit,
  );
};

type Documents = Record<string, string | null>;

const documentsOf = (fields: readonly string[], source: object): Documents =>
  Object.fromEntries(
    fields.map((field) => [field, ((source as Record<string, unknown>)[field] as string | null | undefined) ?? null]),
  );

type HeadRow = Pick<PlateReadRow, 'id' | 'vehicle_id' | 'car_images' | 'rate' | 'created_at' | 'updated_at'> &
  Pick<PlateReadRow, 'vin' | 'order_id' | 'order_no' | 'purchase_id' | 'purchase_no' | 'customer_name' | 'amount'>;

/** What both reads answer: the record's vehicle, contracts, photos and times. */
const recordHead = (row: HeadRow, timeZone: string) => {
  const photos = parseFileList(row.car_images);
  return {
    id: row.id,
    car_id: row.vehicle_id,
    vin: row.vin,
    car_image: photos,
    carimage: photos.map((image_url) => ({ image_url })),
    rate: row.rate,
    order_id: row.order_id,
    order_no: row.order_no,
    purchase_id: row.purchase_id,
    purchase_no: row.purchase_no,
    customer_name: row.customer_name,
    amount: row.amount,
    created_at: formatTimestamp(row.created_at, timeZone),
    updated_at: formatTimestamp(row.updated_at, timeZone),
  };
};

export const getPlate = async ({ db, config }: AppContext, id: number): Promise<Plate> => {
  const row = await findPlateRead(db, id);
  if (!row) throw notFound();
  return {
    ...recordHead(row, config.timeZone),
    plate_id: row.id,
    yy_date: row.yy_date,
    ...(documentsOf(PLATE_DOCUMENTS, row) as Pick<Plate, (typeof PLATE_DOCUMENTS)[number]>),
  };
};

export const getTransfer = async ({ db, config }: AppContext, id: number): Promise<Transfer> => {
  const row = await findTransferRead(db, id);
  if (!row) throw notFound();
  return {
    ...recordHead(row, config.timeZone),
    transfer_id: row.id,
    ...(documentsOf(TRANSFER_DOCUMENTS, row) as Pick<Transfer, (typeof TRANSFER_DOCUMENTS)[number]>),
  };
};

const fileRules = (stage: RegistryStage) => stageFileRules(stage, registryMessages.fileNotUploaded);

/** What a record already holds, by API field: accepted again on edit (files saved before uploads were recorded). */
const heldOf = (stage: RegistryStage, row: { car_images: string }) => ({
  ...documentsOf(stage === 'plate' ? PLATE_DOCUMENTS : TRANSFER_DOCUMENTS, row),
  car_image: parseFileList(row.car_images),
});

/**
 * Add and edit of both stages are one save (`saveStageRecord`): it checks the vehicle's flow (409 naming
 * the VIN and where it is), keeps one record per vehicle (a second add edits it), computes the value and
 * the rate from the documents, and writes the audit row.
 */
const saveRecord = async (
  { db }: AppContext,
  actor: Actor,
  stage: RegistryStage,
  body: { vin: string; car_image: string[] } & Record<string, unknown>,
  fields: Record<string, unknown>,
  recordId: number | undefined,
  held?: Record<string, string | string[] | null>,
  expectedUpdatedAt?: string,
): Promise<{ id: number }> => {
  const vehicle = await findRegistryVehicle(db, body.vin);
  if (vehicle === undefined) throw notFound(registryMessages.vehicleUnknown(body.vin));
  // New cars are plated and used cars transferred (DOMAIN.md, the registry flow): a record of the other
  // kind would show on neither tab and hand the car on to release with the wrong documents.
  const wrongKind = stage === 'plate' ? PURCHASE_TYPES.usedCar : PURCHASE_TYPES.newCar;
  if (vehicle.purchase_type === wrongKind) {
    throw conflict(
      stage === 'plate' ? registryMessages.usedCarPlated(body.vin) : registryMessages.newCarTransferred(body.vin),
    );
  }
  const vehicleId = vehicle.id;
  const documents: Record<string, string | string[] | null> = {
    ...documentsOf(stage === 'plate' ? PLATE_DOCUMENTS : TRANSFER_DOCUMENTS, body),
    car_image: body.car_image,
  };
  await assertFileReferences(db, fileRules(stage), documents, held);
  const saved = await saveStageRecord(db, actor, {
    stage,
    ...(recordId === undefined ? {} : { recordId }),
    vehicleIds: [vehicleId],
    fields,
    documents,
    ...(expectedUpdatedAt === undefined ? {} : { expectedUpdatedAt }),
  });
  return { id: saved.id };
};

export const addPlate = (ctx: AppContext, body: PlateAddBody, actor: Actor): Promise<{ id: number }> =>
  saveRecord(ctx, actor, 'plate', body, { yy_date: body.yy_date ?? null }, undefined);

export const editPlate = async (ctx: AppContext, body: PlateEditBody, actor: Actor): Promise<{ id: number }> => {
  const current = await findPlating(ctx.db, body.plate_id);
  if (!current) throw notFound();
  // Checked here for the clear answer before any work, and again by the save's guarded write.
  assertNotStale(body.updated_at, current.updated_at);
  return saveRecord(
    ctx,
    actor,
    'plate',
    body,
    { yy_date: body.yy_date ?? null },
    body.plate_id,
    heldOf('plate', current),
    body.updated_at,
  );
};

export const addTransfer = (ctx: AppContext, body: TransferAddBody, actor: Actor): Promise<{ id: number }> =>
  saveRecord(ctx, actor, 'transfer', body, {}, undefined);

export const editTransfer = async (ctx: AppContext, body: TransferEditBody, actor: Actor): Promise<{ id: number }> => {
  const current = await findTransfer(ctx.db, body.transfer_id);
  if (!current) throw notFound();
  assertNotStale(body.updated_at, current.updated_at);
  return saveRecord(ctx, actor, 'transfer', body, {}, body.transfer_id, heldOf('transfer', current), body.updated_at);
};

/**
 * `transferHandOver`: the plated or transferred vehicles of these purchase contracts go to release and
 * export; with `orderId`, also those of every purchase contract of that overseas contract still holding a
 * vehicle in the registry (new and used cars: both tabs at once).
 */
export const handOverRegistry = (
  { db }: AppContext,
  { purchaseIds, orderId }: { purchaseIds: readonly number[]; orderId?: number },
  actor: Actor,
): Promise<HandOverAnswer> =>
  db.transaction().execute(async (trx) => {
    const ofOrder = orderId === undefined ? [] : await registryPurchasesOfOrder(trx, orderId);
    return handOverPurchases(trx, actor, 'transfer', [...new Set([...purchaseIds, ...ofOrder])]);
  });
