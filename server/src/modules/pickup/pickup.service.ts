import type { Paged } from '../../../../contract/common';
import {
  type EntryAddBody,
  type EntryEditBody,
  type Entry,
  type NoEntryQuery,
  type PickupListItem,
  type PickupListQuery,
  pickupMessages,
} from '../../../../contract/pickup';
import type { HandOverAnswer } from '../../../../contract/stage';
import type { Actor, AppContext } from '../../app-context';
import { assertNotStale } from '../../db/stale-save';
import { paged } from '../../envelope';
import { notFound } from '../../http-errors';
import { handOverPurchases, handOverVehicles } from '../../lifecycle/hand-over';
import { saveStageRecord } from '../../lifecycle/stage-record';
import { formatTimestamp } from '../../time';
import { assertFileReferences, stageFileRules } from '../upload/file-references';
import { parseFileList } from '../upload/stored-file-list';
import {
  countPickups,
  findCheckIn,
  findEntry,
  findVehicleIdByVin,
  findVehicleState,
  listPickups as listPickupRows,
  type PickupFilters,
  type PickupListRow,
  purchaseExists,
} from './pickup.repository';
import { pageWithTotal } from '../../db/list-page';
import { mostUrgentDeadlines } from '../deadline/deadline.service';
import { deadlineKeysOfList } from '../../../../contract/deadline';

export const pickupFiltersOf = (query: Omit<PickupListQuery, 'page' | 'limit'>): PickupFilters => ({
  orderNo: query.order_no,
  purchaseNo: query.purchase_no,
  vin: query.vin,
  entryStart: query.entry_s,
  entryEnd: query.entry_e,
  releaseStart: query.release_s,
  releaseEnd: query.release_e,
  dlName: query.dl_name,
  releaseStatus: query.release_status,
});

const toListItem = (row: PickupListRow, timeZone: string): Omit<PickupListItem, 'deadline'> => ({
  id: row.id,
  vin: row.vin,
  model: row.model,
  flow: row.flow,
  order_id: row.order_id,
  order_no: row.order_no,
  purchase_id: row.purchase_id,
  purchase_no: row.purchase_no,
  entry:
    row.entry_id === null || row.entry_created_at === null
      ? []
      : [{ id: row.entry_id, dl_name: row.dl_name, created_at: formatTimestamp(row.entry_created_at, timeZone) }],
  release:
    row.release_id === null || row.release_created_at === null
      ? []
      : [{ id: row.release_id, created_at: formatTimestamp(row.release_created_at, timeZone) }],
  procedure: { entry: row.entry, release: row.release },
});

export const listPickups = async (
  { db, config }: AppContext,
  query: PickupListQuery,
): Promise<Paged<PickupListItem>> => {
  const filters = pickupFiltersOf(query);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await pageWithTotal(
    offset,
    query.limit,
    () => listPickupRows(db, config.timeZone, filters, offset, query.limit),
    () => countPickups(db, config.timeZone, filters),
  );
  // The page's vehicles' open 入库 deadlines, in one read (issue 25).
  const deadlines = await mostUrgentDeadlines(
    db,
    rows.map((row) => row.id),
    deadlineKeysOfList.pickup,
  );
  return paged(
    rows.map((row) => ({ ...toListItem(row, config.timeZone), deadline: deadlines.get(row.id) ?? null })),
    total,
    query.page,
    query.limit,
  );
};

export const getEntry = async ({ db, config }: AppContext, id: number): Promise<Entry> => {
  const row = await findEntry(db, id);
  if (!row) throw notFound();
  const photos = parseFileList(row.car_images);
  return {
    id: row.id,
    entry_id: row.id,
    car_id: row.vehicle_id,
    vin: row.vin,
    dl_name: row.dl_name,
    remark: row.remark,
    wg_image: row.wg_image,
    vin_image: row.vin_image,
    car_image: photos,
    carimage: photos.map((image_url) => ({ image_url })),
    order_id: row.order_id,
    purchase_id: row.purchase_id,
    purchase_no: row.purchase_no,
    customer_name: row.customer_name,
    amount: row.amount,
    created_at: formatTimestamp(row.created_at, config.timeZone),
    updated_at: formatTimestamp(row.updated_at, config.timeZone),
  };
};

type EntryFileField = 'vin_image' | 'wg_image' | 'car_image';

const entryFileRules = stageFileRules('entry', pickupMessages.fileNotUploaded);

/**
 * Add and edit are one save (`saveStageRecord`): it checks the vehicle's flow (409 naming the VIN and
 * where it is), keeps one check-in per vehicle, sets the entry value and writes the audit row.
 */
const saveEntry = async (
  { db }: AppContext,
  actor: Actor,
  body: EntryAddBody,
  recordId: number | undefined,
  held?: Partial<Record<EntryFileField, string | string[] | null>>,
  expectedUpdatedAt?: string,
): Promise<{ id: number }> => {
  const vehicleId = await findVehicleIdByVin(db, body.vin);
  if (vehicleId === undefined) throw notFound(pickupMessages.vehicleUnknown(body.vin));
  const documents = { vin_image: body.vin_image, wg_image: body.wg_image, car_image: body.car_image };
  await assertFileReferences(db, entryFileRules, documents, held);
  const saved = await saveStageRecord(db, actor, {
    stage: 'entry',
    ...(recordId === undefined ? {} : { recordId }),
    vehicleIds: [vehicleId],
    fields: { dl_name: body.dl_name ?? null, remark: body.remark ?? null },
    documents,
    ...(expectedUpdatedAt === undefined ? {} : { expectedUpdatedAt }),
  });
  return { id: saved.id };
};

export const addEntry = (ctx: AppContext, body: EntryAddBody, actor: Actor): Promise<{ id: number }> =>
  saveEntry(ctx, actor, body, undefined);

export const editEntry = async (ctx: AppContext, body: EntryEditBody, actor: Actor): Promise<{ id: number }> => {
  const current = await findCheckIn(ctx.db, body.entry_id);
  if (!current) throw notFound();
  // Checked here for the clear answer before any work, and again by the save's guarded write, inside its
  // transaction, for two edits sent at the same moment.
  assertNotStale(body.updated_at, current.updated_at);
  return saveEntry(
    ctx,
    actor,
    body,
    body.entry_id,
    { vin_image: current.vin_image, wg_image: current.wg_image, car_image: parseFileList(current.car_images) },
    body.updated_at,
  );
};

/** `entryHandOver`: the checked-in vehicles of these purchase contracts go to the registry. */
export const handOverEntries = (
  { db }: AppContext,
  purchaseIds: readonly number[],
  actor: Actor,
): Promise<HandOverAnswer> =>
  db.transaction().execute((trx) => handOverPurchases(trx, actor, 'entry', [...new Set(purchaseIds)]));

/** `noentry`: a whole purchase contract's vehicles, or one vehicle, skip check-in and go to the registry. */
export const skipEntry = ({ db }: AppContext, query: NoEntryQuery, actor: Actor): Promise<HandOverAnswer> =>
  db.transaction().execute(async (trx) => {
    if (query.purchaseId !== undefined) {
      if (!(await purchaseExists(trx, query.purchaseId))) throw notFound(pickupMessages.purchaseUnknown);
      return handOverPurchases(trx, actor, 'noEntry', [query.purchaseId]);
    }
    const vehicle = query.carId === undefined ? undefined : await findVehicleState(trx, query.carId);
    if (!vehicle) throw notFound(pickupMessages.carUnknown);
    const { moved, kept } = await handOverVehicles(trx, actor, 'noEntry', [vehicle]);
    return { moved, kept };
  });
