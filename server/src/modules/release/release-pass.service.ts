import {
  RELEASE_CANDIDATES_LIMIT,
  type ReleaseAddBody,
  type ReleaseAsked,
  type ReleaseCandidate,
  type ReleaseCandidatesAnswer,
  type ReleaseCandidatesQuery,
  type ReleaseEditBody,
  type ReleasePass,
  releasePassMessages,
} from '../../../../contract/release';
import { recordAllowedIn, stageMessages } from '../../../../contract/stage';
import type { Actor, AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/errors';
import { assertNotStale } from '../../db/stale-save';
import { conflict, notFound, unprocessable } from '../../http-errors';
import { saveStageRecord } from '../../lifecycle/stage-record';
import { formatTimestamp } from '../../time';
import { assertFileReferences, stageFileRules } from '../upload/file-references';
import { parseFileList } from '../upload/stored-file-list';
import {
  type CandidateRow,
  candidateRows,
  findPass,
  findPassRow,
  findPurchaseOrderId,
  findVehiclesByVins,
  passVehicleIds,
  passVehicles,
  type ReleaseVehicle,
  waitingVehicleIds,
} from './release-pass.repository';

const toCandidate = (row: CandidateRow): ReleaseCandidate => ({
  id: row.id,
  vin: row.vin,
  model: row.model,
  flow: row.flow,
  release: row.release,
  release_id: row.release_id,
  purchase_id: row.purchase_id,
  purchase_no: row.purchase_no,
  order_id: row.order_id,
  order_no: row.order_no,
});

/** Why a vehicle cannot go on the pass `releaseId` (or on a new one), in the words the save would use. */
const refusalOf = (row: CandidateRow, releaseId: number | undefined): string | null => {
  if (row.flow === null) return stageMessages.notBought(row.vin);
  if (!recordAllowedIn('release', row.flow)) return stageMessages.wrongFlow(row.vin, row.flow, 'release');
  if (row.release_id !== null && row.release_id !== releaseId) return releasePassMessages.alreadyReleased;
  return null;
};

/**
 * The form's transfer list: the edited pass's own vehicles first, then the newest vehicles waiting for
 * a pass (at most `RELEASE_CANDIDATES_LIMIT`; `more` says the VIN box should narrow them), and the
 * vehicles the pickup list asked for with the reason each cannot be released, if it cannot.
 */
export const listReleaseCandidates = async (
  { db }: AppContext,
  query: ReleaseCandidatesQuery,
): Promise<ReleaseCandidatesAnswer> => {
  const [own, waiting] = await Promise.all([
    query.release_id === undefined ? Promise.resolve([]) : passVehicleIds(db, query.release_id, query.vin),
    waitingVehicleIds(db, query.vin, RELEASE_CANDIDATES_LIMIT + 1),
  ]);
  const more = waiting.length > RELEASE_CANDIDATES_LIMIT;
  const shown = [...own, ...waiting.slice(0, RELEASE_CANDIDATES_LIMIT).filter((id) => !own.includes(id))];
  const asked = [...new Set(query.car_id)];
  const rows = await candidateRows(db, [...new Set([...shown, ...asked])]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    data: shown.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toCandidate(row)] : [];
    }),
    more,
    limit: RELEASE_CANDIDATES_LIMIT,
    asked: asked.flatMap((id): ReleaseAsked[] => {
      const row = byId.get(id);
      return row ? [{ ...toCandidate(row), refusal: refusalOf(row, query.release_id) }] : [];
    }),
  };
};

export const getReleasePass = async ({ db, config }: AppContext, id: number): Promise<ReleasePass> => {
  const row = await findPass(db, id);
  if (!row) throw notFound();
  const [cars, photos] = [await passVehicles(db, id), parseFileList(row.car_images)];
  return {
    id: row.id,
    release_id: row.id,
    order_id: row.order_id,
    order_no: row.order_no,
    purchase_id: row.purchase_id,
    purchase_no: row.purchase_no,
    customer_name: row.customer_name,
    releasecar: cars.map((car) => ({ car_id: car.id, vin: car.vin, model: car.model })),
    fxt_image: row.fxt_image,
    lc_image: row.lc_image,
    car_image: photos,
    carimage: photos.map((image_url) => ({ image_url })),
    created_at: formatTimestamp(row.created_at, config.timeZone),
    updated_at: formatTimestamp(row.updated_at, config.timeZone),
  };
};

type ReleaseFileField = 'fxt_image' | 'lc_image' | 'car_image';

const releaseFileRules = stageFileRules('release', releasePassMessages.fileNotUploaded);

/**
 * A pass belongs to one purchase contract: the release detail page (issue 11) lists a contract's passes
 * by `purchase_id`. Its overseas contract is the purchase contract's, else the one its vehicles share.
 */
const contractsOf = async (
  ctx: AppContext,
  vehicles: readonly ReleaseVehicle[],
): Promise<{ purchase_id: number | null; order_id: number | null }> => {
  const purchases = [
    ...new Set(vehicles.flatMap((vehicle) => (vehicle.purchase_id === null ? [] : [vehicle.purchase_id]))),
  ];
  if (purchases.length > 1) throw unprocessable(releasePassMessages.mixedPurchases, 'vin');
  const [purchaseId] = purchases;
  const orders = [...new Set(vehicles.map((vehicle) => vehicle.order_id))];
  const shared = orders.length === 1 ? (orders[0] ?? null) : null;
  const ofPurchase = purchaseId === undefined ? undefined : await findPurchaseOrderId(ctx.db, purchaseId);
  return { purchase_id: purchaseId ?? null, order_id: ofPurchase ?? shared };
};

/**
 * Add and edit are one save (`saveStageRecord`): it checks each vehicle's flow (409 naming the VIN and
 * where it is), refuses a vehicle another pass holds (已出库的车辆不能再次出库), replaces the edited
 * pass's links (a dropped vehicle's release goes back to 0), and writes the audit row.
 */
const savePass = async (
  ctx: AppContext,
  actor: Actor,
  body: ReleaseAddBody,
  recordId: number | undefined,
  held?: Partial<Record<ReleaseFileField, string | string[] | null>>,
  expectedUpdatedAt?: string,
): Promise<{ id: number }> => {
  const vins = [...new Set(body.vin)];
  const vehicles = await findVehiclesByVins(ctx.db, vins);
  const known = new Set(vehicles.map((vehicle) => vehicle.vin));
  const unknown = vins.find((vin) => !known.has(vin));
  if (unknown !== undefined) throw notFound(releasePassMessages.vehicleUnknown(unknown));
  const contracts = await contractsOf(ctx, vehicles);
  const documents = { fxt_image: body.fxt_image, lc_image: body.lc_image, car_image: body.car_image };
  await assertFileReferences(ctx.db, releaseFileRules, documents, held);
  const saved = await saveStageRecord(ctx.db, actor, {
    stage: 'release',
    ...(recordId === undefined ? {} : { recordId }),
    vehicleIds: vehicles.map((vehicle) => vehicle.id),
    fields: contracts,
    documents,
    ...(expectedUpdatedAt === undefined ? {} : { expectedUpdatedAt }),
  });
  return { id: saved.id };
};

/**
 * A pass belongs to one purchase contract, but a clerk releases what leaves the yard together: cars of
 * several purchase contracts make one pass each, with the same slip and photos, all or none (API.md,
 * releaseAdd; issue 24). `id` is the first pass, `ids` every pass in the order their cars were sent.
 */
export const addReleasePass = async (
  ctx: AppContext,
  body: ReleaseAddBody,
  actor: Actor,
): Promise<{ id: number; ids: number[] }> => {
  const vins = [...new Set(body.vin)];
  const vehicles = await findVehiclesByVins(ctx.db, vins);
  const purchaseOf = new Map(vehicles.map((vehicle) => [vehicle.vin, vehicle.purchase_id]));
  const groups = new Map<number | null | undefined, string[]>();
  for (const vin of vins) groups.set(purchaseOf.get(vin), [...(groups.get(purchaseOf.get(vin)) ?? []), vin]);
  if (groups.size === 1) {
    const { id } = await savePass(ctx, actor, body, undefined);
    return { id, ids: [id] };
  }
  try {
    const ids = await ctx.db.transaction().execute(async (trx) => {
      const saved: number[] = [];
      for (const group of groups.values()) {
        saved.push((await savePass({ ...ctx, db: trx }, actor, { ...body, vin: group }, undefined)).id);
      }
      return saved;
    });
    return { id: ids[0] as number, ids };
  } catch (error) {
    // Another clerk released one of these cars at the same moment: the unique link refused it, nothing was kept.
    if (isUniqueViolation(error)) throw conflict(stageMessages.alreadyRecorded('', 'release'));
    throw error;
  }
};

export const editReleasePass = async (
  ctx: AppContext,
  body: ReleaseEditBody,
  actor: Actor,
): Promise<{ id: number }> => {
  const current = await findPassRow(ctx.db, body.release_id);
  if (!current) throw notFound();
  // Checked here for the clear answer before any work, and again by the save's guarded write, inside its
  // transaction, for two edits sent at the same moment.
  assertNotStale(body.updated_at, current.updated_at);
  // A vehicle handed on to filing left on this pass (its hand-over needed it): it stays on it.
  const kept = new Set(body.vin);
  const dropped = (await passVehicles(ctx.db, current.id)).find(
    (vehicle) => vehicle.flow === 'filing' && !kept.has(vehicle.vin),
  );
  if (dropped) throw conflict(releasePassMessages.droppedMovedOn(dropped.vin));
  return savePass(
    ctx,
    actor,
    body,
    current.id,
    { fxt_image: current.fxt_image, lc_image: current.lc_image, car_image: parseFileList(current.car_images) },
    body.updated_at,
  );
};
