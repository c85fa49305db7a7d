/**
 * The reads of the vehicle file (`GET /api/vehicle/{id}/file`): three statements whatever the car, each
 * index lookups only (the vehicle by its key with its contracts by theirs; its stage records through
 * `vehicle_id`, unique in every record or link table; the files' names through `url`, unique, with
 * upload.repository's `findUploadedFileNames`).
 */
import { sql } from 'kysely';
import { STAGES, type Stage, stageTable } from '../../../../contract/stage';
import type { Db } from '../../db/database';
import { PHOTO_COLUMN, PHOTO_FIELD, stageStorage } from '../../lifecycle/stage-storage';

/** The vehicle with its overseas contract and its purchase contract (null where it has none). */
export const findFileVehicle = (db: Db, id: number) =>
  db
    .selectFrom('vehicles')
    .leftJoin('orders', 'orders.id', 'vehicles.order_id')
    .leftJoin('purchases', 'purchases.id', 'vehicles.purchase_id')
    .select([
      'vehicles.id',
      'vehicles.vin',
      'vehicles.model',
      'vehicles.flow',
      'vehicles.no_entry',
      ...STAGES.map((stage) => `vehicles.${stage}` as const),
      'orders.id as order_id',
      'orders.order_no',
      'orders.customer_name',
      'orders.customer_country',
      'purchases.id as purchase_id',
      'purchases.purchase_no',
      'purchases.type as purchase_type',
    ])
    .where('vehicles.id', '=', id)
    .executeTakeFirst();

export type FileVehicleRow = NonNullable<Awaited<ReturnType<typeof findFileVehicle>>>;

/** The most document slots a stage has (the plating: eight documents and its photos). */
const DOCUMENT_COLUMNS = Math.max(...STAGES.map((stage) => stageTable[stage].slots.length));

/** The column a slot is kept in: its field, but the photo list's own column for `car_image`. */
const columnOf = (field: string) => (field === PHOTO_FIELD ? PHOTO_COLUMN : field);

export interface StageRecordRow {
  stage: Stage;
  id: number;
  created_at: string;
  updated_at: string;
  /** The nickname of the clerk who made the record; null if none is known. */
  created_by: string | null;
  /** The stage's slots in the stage table's order, as stored: a path, or the photo list's JSON text. */
  documents: (string | null)[];
}

type StoredRecordRow = Omit<StageRecordRow, 'documents'> & Record<`d${number}`, string | null>;

/**
 * The vehicle's record of each of these stages, if it has one, in one statement: a branch per stage,
 * each reading the record through the vehicle's unique `vehicle_id` (its own, or its link table's); the
 * branches share one shape, the slots as positional columns `d0…`. The authors' nicknames are joined
 * once, around the union: a join in every branch tripled PostgreSQL's planning (2.2 → 0.7 ms).
 */
export const findStageRecords = async (
  db: Db,
  vehicleId: number,
  stages: readonly Stage[],
): Promise<StageRecordRow[]> => {
  if (stages.length === 0) return [];
  const branches = stages.map((stage) => {
    const storage = stageStorage[stage];
    const slots = stageTable[stage].slots;
    // Tables by their own names, not aliases: the query-plan test reads its plan by table.
    const record = (column: string) => sql.ref(`${storage.table}.${column}`);
    const documents = Array.from({ length: DOCUMENT_COLUMNS }, (_, index) => {
      const slot = slots[index];
      return sql`${slot ? record(columnOf(slot.field)) : sql`null`} as ${sql.ref(`d${index}`)}`;
    });
    const from =
      storage.kind === 'perVehicle'
        ? sql.table(storage.table)
        : sql`${sql.table(storage.links)} join ${sql.table(storage.table)} on ${record('id')} = ${sql.ref(`${storage.links}.${storage.key}`)}`;
    const owner = sql.ref(`${storage.kind === 'perVehicle' ? storage.table : storage.links}.vehicle_id`);
    return sql`select ${sql.lit(stage)} as stage, ${record('id')} as id, ${record('created_at')} as created_at,
      ${record('updated_at')} as updated_at, ${record('created_by')} as author, ${sql.join(documents)}
      from ${from} where ${owner} = ${vehicleId}`;
  });
  const { rows } = await sql<StoredRecordRow>`select records.*, users.nickname as created_by
    from (${sql.join(branches, sql` union all `)}) as records left join users on users.id = records.author`.execute(db);
  return rows.map((row) => ({
    stage: row.stage,
    id: Number(row.id),
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: row.created_by,
    documents: stageTable[row.stage].slots.map((_, index) => row[`d${index}`] ?? null),
  }));
};
