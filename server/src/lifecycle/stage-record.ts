/**
 * Saving any stage record (check-in, plating, transfer, release pass, export declaration, tax refund,
 * deregistration, freight) is this one function, driven by the stage table of contract/stage.ts. In one
 * transaction it checks where each vehicle is, writes the one record per vehicle and stage (an add for a
 * vehicle that has one is refused with its id; changes go through the edit), sets the stage value and the rate from the documents, records its history event linked to every
 * vehicle it covers or released, and settles
 * the overseas contracts' status.
 */
import {
  type RecordDocuments,
  type Stage,
  type StageValue,
  missingDocuments,
  recordAllowedIn,
  stageMessages,
  stageRate,
  stageTable,
  stageValue,
} from '../../../contract/stage';
import type { Actor } from '../app-context';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { conflict, HttpError, notFound, unprocessable } from '../http-errors';
import { recordHistory } from '../platform/history/record-history';
import { nowIso } from '../time';
import { lockRowForSave, storedFormOf } from '../db/stale-save';
import { messages } from '../../../contract/common';
import {
  insertRecord,
  linkedVehicleIds,
  readRecord,
  readVehicles,
  recordIdHoldingVehicle,
  recordIdOfVehicle,
  replaceLinks,
  updateRecord,
  type VehicleState,
  vehiclesLinkedElsewhere,
  writeStageValue,
} from './lifecycle.repository';
import { syncVehicleDeadlines } from './deadlines';
import { settleOrders } from './order-status';
import { PHOTO_COLUMN, PHOTO_FIELD, type StageStorage, stageStorage } from './stage-storage';

/**
 * A vehicle has at most one record per stage (DOMAIN.md): an add for a vehicle that has one is refused,
 * never turned into an edit, with the record's id in `data.id` so the form can open it instead.
 */
const alreadyRecorded = (vin: string, stage: Stage, recordId: number | undefined): HttpError =>
  new HttpError(409, stageMessages.alreadyRecorded(vin, stage), recordId === undefined ? null : { id: recordId });

/** The record of this stage that a vehicle already has (its own, or the one whose links hold it). */
const recordOfVehicle = (db: Db, storage: StageStorage, vehicleId: number): Promise<number | undefined> =>
  storage.kind === 'perVehicle'
    ? recordIdOfVehicle(db, storage.table, vehicleId)
    : recordIdHoldingVehicle(db, storage.links, storage.key, vehicleId);

export interface StageRecordInput {
  stage: Stage;
  /** The record being edited; without it a record is made (409 with the existing one's id when the vehicle has one). */
  recordId?: number;
  /** The vehicles the record covers: exactly one for a check-in, a plating or a transfer. */
  vehicleIds: readonly number[];
  /** The record's other columns, already checked (dl_name, remark, yy_date, order_id, bgd_sn, …). */
  fields: Record<string, unknown>;
  /** Its documents by API field: a stored path (or null) per slot, a list for `car_image`. */
  documents: RecordDocuments;
  /**
   * The `updated_at` the clerk's form read (as the client shows it), when editing: the write is guarded by
   * it inside the save's transaction, so of two edits sent at once one is told 该记录已被他人修改.
   */
  expectedUpdatedAt?: string;
}

export interface SavedStageRecord {
  id: number;
  value: StageValue;
  rate: number;
}

/** The document slots of the stage as columns: single slots by name, the photo list as JSON. */
const documentColumns = (stage: Stage, documents: RecordDocuments): Record<string, unknown> => {
  const columns: Record<string, unknown> = {};
  for (const slot of stageTable[stage].slots) {
    const value = documents[slot.field];
    if (slot.field === PHOTO_FIELD) columns[PHOTO_COLUMN] = JSON.stringify(Array.isArray(value) ? value : []);
    else columns[slot.field] = typeof value === 'string' && value.length > 0 ? value : null;
  }
  return columns;
};

const checkVehicles = (stage: Stage, vehicles: readonly VehicleState[]): void => {
  for (const vehicle of vehicles) {
    if (vehicle.flow === null) throw conflict(stageMessages.notBought(vehicle.vin));
    if (!recordAllowedIn(stage, vehicle.flow))
      throw conflict(stageMessages.wrongFlow(vehicle.vin, vehicle.flow, stage));
  }
};

const inTransaction = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

export const saveStageRecord = async (db: Db, actor: Actor, input: StageRecordInput): Promise<SavedStageRecord> => {
  const { stage } = input;
  const storage = stageStorage[stage];
  const ids = [...new Set(input.vehicleIds)];
  if (ids.length === 0) throw unprocessable(stageMessages.noVehicles, 'vin');
  if (storage.kind === 'perVehicle' && ids.length !== 1) throw new Error(`a ${stage} record covers one vehicle`);
  const missing = missingDocuments(stage, input.documents);
  const firstMissing = stageTable[stage].slots.find((slot) => slot.missing === missing[0]);
  if (missing[0]) throw unprocessable(missing[0], firstMissing?.field);

  const value = stageValue(stage, input.documents);
  const rate = stageRate(stage, input.documents);
  try {
    // A caller saving several records as one (a release pass per purchase contract) passes its transaction.
    return await inTransaction(db, async (trx) => {
      // Edits of one record sent at once take turns (last writer wins without updated_at, API.md).
      if (input.recordId !== undefined) await lockRowForSave(trx, storage.table, input.recordId);
      const vehicles = await readVehicles(trx, ids);
      if (vehicles.length !== ids.length) throw notFound(stageMessages.vehicleMissing);
      checkVehicles(stage, vehicles);
      const vinOf = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.vin]));

      const at = nowIso();
      const columns = {
        ...input.fields,
        ...documentColumns(stage, input.documents),
        ...(stageTable[stage].rated ? { rate } : {}),
        updated_at: at,
      };
      let recordId = input.recordId;
      // Only an edit that sent the updated_at the clerk read is guarded by it.
      const readAt =
        input.expectedUpdatedAt === undefined || input.recordId === undefined
          ? undefined
          : storedFormOf(input.expectedUpdatedAt);
      let before: Record<string, unknown> | undefined;
      let released: number[] = [];
      // The vehicles the record covered before this save, for the history's before.
      let previousIds: number[] = [];

      if (storage.kind === 'perVehicle') {
        const vehicleId = ids[0] as number;
        const ownRecord = await recordIdOfVehicle(trx, storage.table, vehicleId);
        if (ownRecord !== undefined && ownRecord !== recordId)
          throw alreadyRecorded(vinOf.get(vehicleId) ?? '', stage, ownRecord);
        if (recordId !== undefined) {
          before = await readRecord(trx, storage.table, recordId);
          if (!before) throw notFound();
          previousIds = [before.vehicle_id as number];
          if (before.vehicle_id !== vehicleId) released = [before.vehicle_id as number];
          if (!(await updateRecord(trx, storage.table, recordId, { ...columns, vehicle_id: vehicleId }, readAt))) {
            throw conflict(messages.staleRecord);
          }
        } else {
          recordId = await insertRecord(trx, storage.table, {
            ...columns,
            vehicle_id: vehicleId,
            created_by: actor.userId,
            created_at: at,
          });
        }
      } else {
        const previous =
          recordId === undefined ? [] : await linkedVehicleIds(trx, storage.links, storage.key, recordId);
        if (recordId !== undefined) {
          before = await readRecord(trx, storage.table, recordId);
          if (!before) throw notFound();
        }
        const [taken] = await vehiclesLinkedElsewhere(trx, storage.links, storage.key, ids, recordId);
        if (taken !== undefined)
          throw alreadyRecorded(vinOf.get(taken) ?? '', stage, await recordOfVehicle(trx, storage, taken));
        if (recordId !== undefined) {
          if (!(await updateRecord(trx, storage.table, recordId, columns, readAt)))
            throw conflict(messages.staleRecord);
        } else
          recordId = await insertRecord(trx, storage.table, { ...columns, created_by: actor.userId, created_at: at });
        await replaceLinks(trx, storage.links, storage.key, recordId, ids);
        released = previous.filter((id) => !ids.includes(id));
        previousIds = previous;
      }

      await writeStageValue(trx, ids, stage, value, at);
      // A vehicle the edited record no longer covers has no record of this stage any more.
      const releasedVehicles = await readVehicles(trx, released);
      await writeStageValue(trx, released, stage, 0, at);
      // The deadline clocks this record starts or stops (the export date starts the filing ones).
      await syncVehicleDeadlines(trx, [...ids, ...released]);

      const covered = [...vehicles, ...releasedVehicles];
      const previously = covered.filter((vehicle) => previousIds.includes(vehicle.id));
      await recordHistory(trx, actor, {
        action: before === undefined ? 'create' : 'update',
        entity: stage,
        entityId: recordId,
        before: before && {
          ...before,
          vins: previously.map((vehicle) => vehicle.vin),
          value: previously[0]?.[stage],
        },
        after: { ...columns, vins: vehicles.map((vehicle) => vehicle.vin), value },
        vehicleIds: covered.map((vehicle) => vehicle.id),
      });
      await settleOrders(
        trx,
        actor,
        [...vehicles, ...releasedVehicles].map((vehicle) => vehicle.order_id),
      );
      return { id: recordId, value, rate };
    });
  } catch (error) {
    // Two clerks saved the first record of one vehicle at the same moment: the unique index let one in.
    // Inside a caller's transaction the database refuses further reads after the violation: the caller answers.
    if (isUniqueViolation(error) && !db.isTransaction) {
      const [taken] =
        storage.kind === 'linked'
          ? await vehiclesLinkedElsewhere(db, storage.links, storage.key, ids, input.recordId)
          : ids;
      const [vehicle] = await readVehicles(db, taken === undefined ? [] : [taken]);
      throw alreadyRecorded(
        vehicle?.vin ?? '',
        stage,
        taken === undefined ? undefined : await recordOfVehicle(db, storage, taken),
      );
    }
    throw error;
  }
};
