/**
 * The reads behind a finished contract's zip: the contract, its vehicles, their stage records, the
 * contracts' own files and the names the files were uploaded under. A contract holds tens of vehicles
 * (at most hundreds), so lists of ids go into `in (…)` in chunks that stay far below either database's
 * parameter limit.
 */
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database';

const CHUNK = 500;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

/** Runs a read per chunk of `ids` and joins the answers (none for no ids). */
const inChunks = async <I, R>(ids: readonly I[], read: (chunk: I[]) => Promise<R[]>): Promise<R[]> => {
  const out: R[] = [];
  for (const chunk of chunks(ids)) out.push(...(await read(chunk)));
  return out;
};

export interface ZipOrder {
  id: number;
  order_no: string;
  status: number;
  contracts: string;
  agreement: string | null;
}

export const findZipOrder = (db: Db, orderId: number): Promise<ZipOrder | undefined> =>
  db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'contracts', 'agreement'])
    .where('id', '=', orderId)
    .executeTakeFirst();

export const findReceiptFiles = (db: Db, orderId: number) =>
  db.selectFrom('receipts').select(['id', 'proof', 'receipt']).where('order_id', '=', orderId).orderBy('id').execute();

export interface ZipVehicle {
  id: number;
  vin: string;
  purchase_id: number | null;
}

export const findOrderVehicles = (db: Db, orderId: number): Promise<ZipVehicle[]> =>
  db
    .selectFrom('vehicles')
    .select(['id', 'vin', 'purchase_id'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();

export const findPurchaseFiles = (db: Db, purchaseIds: readonly number[]) =>
  inChunks(purchaseIds, (chunk) =>
    db
      .selectFrom('purchases')
      .select(['id', 'purchase_no', 'contracts'])
      .where('id', 'in', chunk)
      .orderBy('id')
      .execute(),
  );

export const findRemitFiles = (db: Db, purchaseIds: readonly number[]) =>
  inChunks(purchaseIds, (chunk) =>
    db
      .selectFrom('remits')
      .select(['id', 'purchase_id', 'bank_slips'])
      .where('purchase_id', 'in', chunk)
      .orderBy('id')
      .execute(),
  );

// Stage record tables. Their names come from the lifecycle's table (lifecycle/stage-storage.ts), never
// from a request; Kysely cannot follow a table name held in a variable, so these reads see the tables
// through one loose shape, as the lifecycle's own repository does.
type LooseRow = { id: number; vehicle_id: number; [column: string]: unknown };
type LooseDb = Kysely<Record<string, LooseRow>>;
const loose = (db: Db) => db as unknown as LooseDb;

export type StageRecordRow = { id: number; [column: string]: unknown };

/** The one-vehicle records (check-in, plating, transfer) of these vehicles. */
export const findPerVehicleRecords = (
  db: Db,
  table: string,
  vehicleIds: readonly number[],
): Promise<(StageRecordRow & { vehicle_id: number })[]> =>
  inChunks(
    vehicleIds,
    (chunk) =>
      loose(db).selectFrom(table).selectAll().where('vehicle_id', 'in', chunk).orderBy('id').execute() as Promise<
        (StageRecordRow & { vehicle_id: number })[]
      >,
  );

/** Which records of a linked stage hold these vehicles: `{ recordId, vehicleId }` pairs. */
export const findLinks = async (
  db: Db,
  linkTable: string,
  key: string,
  vehicleIds: readonly number[],
): Promise<{ recordId: number; vehicleId: number }[]> =>
  (
    await inChunks(vehicleIds, (chunk) =>
      loose(db)
        .selectFrom(linkTable)
        .select([sql<number>`${sql.ref(key)}`.as('record_id'), 'vehicle_id'])
        .where('vehicle_id', 'in', chunk)
        .execute(),
    )
  ).map((row) => ({ recordId: Number(row.record_id), vehicleId: row.vehicle_id }));

export const findRecordsByIds = (db: Db, table: string, ids: readonly number[]): Promise<StageRecordRow[]> =>
  inChunks(
    ids,
    (chunk) =>
      loose(db).selectFrom(table).selectAll().where('id', 'in', chunk).orderBy('id').execute() as Promise<
        StageRecordRow[]
      >,
  );

/** The name each of these paths was uploaded under (`uploaded_files`), where one was recorded. */
export const findUploadedNames = async (db: Db, urls: readonly string[]): Promise<Map<string, string>> => {
  const rows = await inChunks([...new Set(urls)], (chunk) =>
    db.selectFrom('uploaded_files').select(['url', 'original_name']).where('url', 'in', chunk).execute(),
  );
  return new Map(rows.map((row) => [row.url, row.original_name]));
};
