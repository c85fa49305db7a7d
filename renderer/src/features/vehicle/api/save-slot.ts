/**
 * Filling a gap from the vehicle file: one empty slot of an existing record gets the file just uploaded,
 * saved through that record's own edit endpoint. The edit endpoints take the whole record (its vehicles,
 * its fields, every document), so the record is read first through its read endpoint and sent back with
 * the one slot changed, and with the `updated_at` the file showed: a record changed since (by someone
 * else) is refused with the stale-save 409 rather than overwritten.
 *
 * The body is made from the edit schema's own keys: a field a later issue adds to a record (an amount,
 * say) is carried back as read instead of being dropped by a list written here.
 */
import type { z } from 'zod';
import { type EntryEditBodyInput, pickupEndpoints } from '../../../../../contract/pickup';
import {
  type PlateEditBodyInput,
  registryEndpoints,
  type TransferEditBodyInput,
} from '../../../../../contract/registry';
import { type ReleaseEditBodyInput, releasePassEndpoints } from '../../../../../contract/release';
import { type ExportsEditBodyInput, exportsEndpoints } from '../../../../../contract/release-exports';
import { type ArchiveEditBodyInput, filedEndpoints, type FreightEditBodyInput } from '../../../../../contract/filed';
import { type Stage, stageTable } from '../../../../../contract/stage';
import { call } from '../../../api/call';
import { queryKeys } from '../../../api/query-keys';

/** The stages whose records carry documents (a tax refund has none, and no edit). */
export type EditableStage = Exclude<Stage, 'drawback'>;

type ReadRecord = Record<string, unknown>;

interface RecordAccess {
  /** The record's id field in the edit body (`entry_id`). */
  idField: string;
  /** The edit body's fields. */
  body: z.ZodObject;
  read: (recordId: number) => Promise<ReadRecord>;
  edit: (body: Record<string, unknown>) => Promise<unknown>;
  /** The record's VINs as its edit takes them: one VIN for a per-vehicle record, else the list. */
  vins: (record: ReadRecord) => string | string[];
}

const listedVins = (key: string) => (record: ReadRecord) =>
  ((record[key] as { vin: string }[] | undefined) ?? []).map((car) => car.vin);
const ownVin = (record: ReadRecord) => String(record.vin ?? '');
// The vehicle file says a refusal itself (one message, not the client's toast as well).
const silent = { silent: true } as const;

const access: Record<EditableStage, RecordAccess> = {
  entry: {
    idField: 'entry_id',
    body: pickupEndpoints.edit.body,
    read: (entryId) => call(pickupEndpoints.read, { query: { entryId } }, silent),
    edit: (body) => call(pickupEndpoints.edit, { body: body as EntryEditBodyInput }, silent),
    vins: ownVin,
  },
  plate: {
    idField: 'plate_id',
    body: registryEndpoints.plateEdit.body,
    read: (plateId) => call(registryEndpoints.plateRead, { query: { plateId } }, silent),
    edit: (body) => call(registryEndpoints.plateEdit, { body: body as PlateEditBodyInput }, silent),
    vins: ownVin,
  },
  transfer: {
    idField: 'transfer_id',
    body: registryEndpoints.transferEdit.body,
    read: (transferId) => call(registryEndpoints.transferRead, { query: { transferId } }, silent),
    edit: (body) => call(registryEndpoints.transferEdit, { body: body as TransferEditBodyInput }, silent),
    vins: ownVin,
  },
  release: {
    idField: 'release_id',
    body: releasePassEndpoints.edit.body,
    read: (releaseId) => call(releasePassEndpoints.read, { query: { releaseId } }, silent),
    edit: (body) => call(releasePassEndpoints.edit, { body: body as ReleaseEditBodyInput }, silent),
    vins: listedVins('releasecar'),
  },
  exports: {
    idField: 'exports_id',
    body: exportsEndpoints.edit.body,
    read: async (exportsId) => {
      const answer = await call(exportsEndpoints.read, { query: { exportsId } }, silent);
      // One id answers one record (the list is for a purchase contract's records).
      return (Array.isArray(answer) ? answer[0] : answer) ?? {};
    },
    edit: (body) => call(exportsEndpoints.edit, { body: body as ExportsEditBodyInput }, silent),
    vins: listedVins('exportscar'),
  },
  archive: {
    idField: 'archive_id',
    body: filedEndpoints.archiveEdit.body,
    read: (archiveId) => call(filedEndpoints.archiveSingle, { query: { archiveId } }, silent),
    edit: (body) => call(filedEndpoints.archiveEdit, { body: body as ArchiveEditBodyInput }, silent),
    vins: listedVins('archivecar'),
  },
  freight: {
    idField: 'freight_id',
    body: filedEndpoints.freightEdit.body,
    read: (freightId) => call(filedEndpoints.freightSingle, { query: { freightId } }, silent),
    edit: (body) => call(filedEndpoints.freightEdit, { body: body as FreightEditBodyInput }, silent),
    vins: listedVins('freightcar'),
  },
};

export const isEditableStage = (stage: Stage): stage is EditableStage => stage !== 'drawback';

export interface SlotChange {
  stage: EditableStage;
  recordId: number;
  /** The record's `updated_at` as the vehicle file showed it. */
  updatedAt: string | null;
  field: string;
  /** The stored paths the slot holds now. */
  paths: string[];
}

/** The record's edit body: the record as read, the slot changed, the `updated_at` the file showed. */
export function editBodyFromRecord(change: SlotChange, record: ReadRecord): Record<string, unknown> {
  const { idField, body, vins } = access[change.stage];
  const slots = new Map(stageTable[change.stage].slots.map((slot) => [slot.field, slot]));
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(body.shape)) {
    if (key === idField) result[key] = change.recordId;
    else if (key === 'updated_at') result[key] = change.updatedAt ?? record.updated_at;
    else if (key === 'vin') result[key] = vins(record);
    else if (slots.has(key)) {
      const paths = key === change.field ? change.paths : record[key];
      const list = Array.isArray(paths) ? (paths as string[]) : typeof paths === 'string' && paths ? [paths] : [];
      // One path per single document ('' for none), the list for the other photos.
      result[key] = (slots.get(key)?.maxFiles ?? 1) > 1 ? list : (list[0] ?? '');
    } else if (record[key] !== null && record[key] !== undefined) result[key] = record[key];
  }
  return result;
}

/** Reads the record and saves it with the slot changed. Rejects as the edit does (409 when stale). */
export async function saveSlot(change: SlotChange): Promise<void> {
  const { read, edit } = access[change.stage];
  const record = await read(change.recordId);
  await edit(editBodyFromRecord(change, record));
}

/** The lists and pages a stage's record shows on, made stale by a save from the file. */
export const stageAreaKeys: Record<EditableStage, readonly (readonly string[])[]> = {
  entry: [queryKeys.pickups],
  plate: [queryKeys.registry],
  transfer: [queryKeys.registry],
  release: [queryKeys.releasePasses, queryKeys.pickups, queryKeys.releaseList],
  exports: [queryKeys.exports, queryKeys.releaseList],
  archive: [queryKeys.filed],
  freight: [queryKeys.filed],
};
