import {
  EXPORTS_DOCUMENTS,
  type ExportsAddBody,
  type ExportsEditBody,
  type ExportsReadQuery,
  type ExportsRecord,
  exportsMessages,
  exportsSlotDirs,
} from '../../../../contract/release-exports';
import type { HandOverAnswer } from '../../../../contract/stage';
import type { Actor, AppContext } from '../../app-context';
import { assertNotStale } from '../../db/stale-save';
import { conflict, notFound, unprocessable } from '../../http-errors';
import { handOverPurchases } from '../../lifecycle/hand-over';
import { saveStageRecord } from '../../lifecycle/stage-record';
import { formatTimestamp } from '../../time';
import { fromFenOrNull, toFen } from '../overseas/money';
import type { ExportDeclarationRow } from '../release/release.table';
import { assertFileReferences, stageFileRules } from '../upload/file-references';
import { parseFileList } from '../upload/stored-file-list';
import {
  type DeclarationReadRow,
  type DeclaredVehicle,
  declarationIdsOfPurchase,
  declaredVehicles,
  findDeclarationRow,
  findDeclarations,
  findOrderNo,
  findVehiclesByVins,
} from './exports.repository';

type ExportsFileField = keyof typeof exportsSlotDirs;

const exportsFileRules = stageFileRules('exports', exportsMessages.fileNotUploaded);

const toRecord = (row: DeclarationReadRow, cars: readonly DeclaredVehicle[], timeZone: string): ExportsRecord => {
  const photos = parseFileList(row.car_images);
  const documents = Object.fromEntries(EXPORTS_DOCUMENTS.map((field) => [field, row[field]])) as Pick<
    ExportsRecord,
    (typeof EXPORTS_DOCUMENTS)[number]
  >;
  return {
    id: row.id,
    exports_id: row.id,
    order_id: row.order_id,
    order_no: row.order_no,
    order: row.order_no === null ? [] : [{ id: row.order_id, order_no: row.order_no }],
    purchase_id: row.purchase_id,
    exportscar: cars.map((car) => ({ car_id: car.id, vin: car.vin, model: car.model })),
    currency: row.currency,
    bgd_sn: row.bgd_sn,
    exports_date: row.exports_date,
    exports_money: fromFenOrNull(row.exports_money),
    ...documents,
    car_image: photos,
    carimage: photos.map((image_url) => ({ image_url })),
    rate: row.rate,
    created_at: formatTimestamp(row.created_at, timeZone),
    updated_at: formatTimestamp(row.updated_at, timeZone),
  };
};

const readRecords = async ({ db, config }: AppContext, ids: readonly number[]): Promise<ExportsRecord[]> => {
  const [rows, cars] = await Promise.all([findDeclarations(db, ids), declaredVehicles(db, ids)]);
  return rows.map((row) =>
    toRecord(
      row,
      cars.filter((car) => car.declaration_id === row.id),
      config.timeZone,
    ),
  );
};

/** `exportsRead`: one declaration by `exportsId`, or every declaration holding a vehicle of `purchaseId`. */
export const getExports = async (
  ctx: AppContext,
  query: ExportsReadQuery,
): Promise<ExportsRecord | ExportsRecord[]> => {
  if (query.exportsId !== undefined) {
    const [record] = await readRecords(ctx, [query.exportsId]);
    if (!record) throw notFound();
    return record;
  }
  return readRecords(
    ctx,
    query.purchaseId === undefined ? [] : await declarationIdsOfPurchase(ctx.db, query.purchaseId),
  );
};

type HeldFiles = Partial<Record<ExportsFileField, string | string[] | null>>;

const heldFilesOf = (row: ExportDeclarationRow): HeldFiles => ({
  ...Object.fromEntries(EXPORTS_DOCUMENTS.map((field) => [field, row[field]])),
  car_image: parseFileList(row.car_images),
});

/**
 * Add and edit are one save (`saveStageRecord`, stage `exports`): it checks each vehicle's flow (409
 * naming the VIN and where it is), refuses a vehicle another declaration holds, replaces the edited
 * declaration's links (a dropped vehicle's exports goes back to 0), sets value 2 and the rate n/6 from
 * the documents, writes the audit row and settles the overseas contract. Before it, this checks what
 * only a declaration knows: the contract exists and every vehicle is one of its vehicles.
 */
const saveDeclaration = async (
  ctx: AppContext,
  actor: Actor,
  body: ExportsAddBody,
  recordId?: number,
  held?: HeldFiles,
  expectedUpdatedAt?: string,
): Promise<{ id: number }> => {
  const orderNo = await findOrderNo(ctx.db, body.order_id);
  if (orderNo === undefined) throw unprocessable(exportsMessages.orderUnknown, 'order_id');
  const vins = [...new Set(body.vin)];
  const vehicles = await findVehiclesByVins(ctx.db, vins);
  const known = new Set(vehicles.map((vehicle) => vehicle.vin));
  const unknown = vins.find((vin) => !known.has(vin));
  if (unknown !== undefined) throw notFound(exportsMessages.vehicleUnknown(unknown));
  // In the clerk's order, so the message names the first vehicle they picked that does not belong.
  const stranger = vins
    .map((vin) => vehicles.find((vehicle) => vehicle.vin === vin))
    .find((vehicle) => vehicle !== undefined && vehicle.order_id !== body.order_id);
  if (stranger) throw unprocessable(exportsMessages.notOnOrder(stranger.vin, orderNo), 'vin');

  const documents = {
    ...Object.fromEntries(EXPORTS_DOCUMENTS.map((field) => [field, body[field] ?? null])),
    car_image: body.car_image,
  } as Record<ExportsFileField, string | null> & { car_image: string[] };
  await assertFileReferences(ctx.db, exportsFileRules, documents, held);

  // The legacy `purchase_id`: the purchase contract all the declared vehicles share, else none.
  const purchases = [...new Set(vehicles.map((vehicle) => vehicle.purchase_id))];
  const saved = await saveStageRecord(ctx.db, actor, {
    stage: 'exports',
    ...(recordId === undefined ? {} : { recordId }),
    vehicleIds: vehicles.map((vehicle) => vehicle.id),
    fields: {
      order_id: body.order_id,
      purchase_id: purchases.length === 1 ? (purchases[0] ?? null) : null,
      currency: body.currency,
      bgd_sn: body.bgd_sn ?? null,
      exports_date: body.exports_date ?? null,
      exports_money: body.exports_money === undefined ? null : toFen(body.exports_money),
    },
    documents,
    ...(expectedUpdatedAt === undefined ? {} : { expectedUpdatedAt }),
  });
  return { id: saved.id };
};

export const addExports = (ctx: AppContext, body: ExportsAddBody, actor: Actor): Promise<{ id: number }> =>
  saveDeclaration(ctx, actor, body);

export const editExports = async (ctx: AppContext, body: ExportsEditBody, actor: Actor): Promise<{ id: number }> => {
  const current = await findDeclarationRow(ctx.db, body.exports_id);
  if (!current) throw notFound();
  // Checked here for the clear answer before any work, and again by the save's guarded write, inside its
  // transaction, for two edits sent at the same moment.
  assertNotStale(body.updated_at, current.updated_at);
  if (body.order_id !== current.order_id) throw unprocessable(exportsMessages.orderLocked, 'order_id');
  // A vehicle handed on to filing was exported on this declaration (its hand-over needed it): it stays on it.
  const kept = new Set(body.vin);
  const dropped = (await declaredVehicles(ctx.db, [current.id])).find(
    (vehicle) => vehicle.flow === 'filing' && !kept.has(vehicle.vin),
  );
  if (dropped) throw conflict(exportsMessages.droppedMovedOn(dropped.vin));
  return saveDeclaration(ctx, actor, body, current.id, heldFilesOf(current), body.updated_at);
};

/** `releaseHandOver`: the released and exported vehicles of these purchase contracts go to filing. */
export const handOverRelease = (
  { db }: AppContext,
  purchaseIds: readonly number[],
  actor: Actor,
): Promise<HandOverAnswer> =>
  db.transaction().execute((trx) => handOverPurchases(trx, actor, 'release', [...new Set(purchaseIds)]));
