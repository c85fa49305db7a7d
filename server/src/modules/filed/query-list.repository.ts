import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { ProcedureStageFilter } from '../../../../contract/filed-query-list';
import { COMPLETION_STAGES, FLOWS, type StageValue } from '../../../../contract/stage';
import type { Db } from '../../db/database';
import { createdRange } from '../../db/list-filters';
import { allOf, pageByIds } from '../../db/list-page';
import { containsText, ORDER_NO, VEHICLE_VIN } from '../../db/text-search';
import { readCounters } from '../../platform/counters/counters.repository';

/** The filters of `procedureLists` (the archive query). */
export interface ProcedureFilters {
  orderNo?: string;
  vin?: string;
  /** The vehicle's created day range (`YYYY-MM-DD`, end inclusive, in the server's time zone). */
  start?: string;
  end?: string;
  /** Only the vehicles a dashboard count counts: the step happened, or every completion step is done. */
  stage?: ProcedureStageFilter;
}

/**
 * The dashboard's own conditions (the counters' triggers, migration 2026_11_24_1100), written as
 * literals so that the figure and the list it opens can never disagree.
 */
const stageCondition = (stage: ProcedureStageFilter): RawBuilder<SqlBool> =>
  stage === 'complete'
    ? sql<SqlBool>`${sql.raw(COMPLETION_STAGES.map((name) => `vehicles.${name} = 2`).join(' and '))}`
    : sql<SqlBool>`${sql.ref(`vehicles.${stage}`)} > 0`;

/** The counter the dashboard shows for a stage filter: the same figure, kept by the database. */
const stageCounter = (stage: ProcedureStageFilter): string =>
  stage === 'complete' ? 'carComplete' : `car${stage[0]?.toUpperCase()}${stage.slice(1)}`;

export interface ProcedureListRow {
  id: number;
  vin: string;
  model: string | null;
  order_id: number | null;
  order_no: string | null;
  purchase_id: number | null;
  purchase_type: number | null;
  purchase_no: string | null;
  entry: StageValue;
  plate: StageValue;
  release: StageValue;
  transfer: StageValue;
  exports: StageValue;
  drawback: StageValue;
  archive: StageValue;
  freight: StageValue;
  exports_id: number | null;
  exports_rate: number | null;
  transfer_id: number | null;
  transfer_rate: number | null;
  created_at: string;
}

const isSet = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * The filters as conditions on `vehicles` alone (db/list-page.ts): the contract number is one set of
 * order ids found through its trigram index, the VIN its own trigram index, the days the created_at
 * index. The archive query lists every vehicle, whatever its flow (even one only on an overseas
 * contract, not yet bought): a clerk looks a VIN up here wherever it is.
 */
const conditionsOf = (db: Db, timeZone: string, filters: ProcedureFilters) => {
  const where: RawBuilder<SqlBool>[] = [];
  if (isSet(filters.orderNo)) {
    where.push(
      sql<SqlBool>`vehicles.order_id in (select orders.id from orders where ${containsText(db, ORDER_NO, filters.orderNo)})`,
    );
  }
  if (isSet(filters.vin)) where.push(containsText(db, VEHICLE_VIN, filters.vin));
  const range = createdRange(timeZone, filters.start, filters.end);
  if (range.from) where.push(sql<SqlBool>`vehicles.created_at >= ${range.from}`);
  if (range.before) where.push(sql<SqlBool>`vehicles.created_at < ${range.before}`);
  if (filters.stage !== undefined) where.push(stageCondition(filters.stage));
  return { where, ranged: range.from !== undefined || range.before !== undefined };
};

/**
 * The page's vehicle ids newest first, from `vehicles` alone. A date range picks vehicles clustered in
 * time and ids grow with time: `id + 0` keeps the planner from walking the primary key past every newer
 * vehicle, so the created_at index finds the range and only it is sorted (as the pickup list does).
 */
const pageIds = async (db: Db, timeZone: string, filters: ProcedureFilters, offset: number, limit: number) => {
  const { where, ranged } = conditionsOf(db, timeZone, filters);
  const filter = where.length > 0 ? sql` where ${allOf(where)}` : sql``;
  const order = ranged ? sql`(vehicles.id + 0)` : sql`vehicles.id`;
  const { rows } = await sql<{
    id: number;
  }>`select vehicles.id as id from vehicles${filter} order by ${order} desc limit ${limit} offset ${offset}`.execute(
    db,
  );
  return rows.map((row) => ({ id: Number(row.id) }));
};

/** The shown rows of the vehicles `ids`, newest first, with their contracts and the two rated records. */
const rowsOf = async (db: Db, ids: readonly number[]): Promise<ProcedureListRow[]> =>
  (
    await db
      .selectFrom('vehicles')
      .leftJoin('orders', 'orders.id', 'vehicles.order_id')
      .leftJoin('purchases', 'purchases.id', 'vehicles.purchase_id')
      .leftJoin('transfers', 'transfers.vehicle_id', 'vehicles.id')
      .leftJoin('export_declaration_vehicles', 'export_declaration_vehicles.vehicle_id', 'vehicles.id')
      .leftJoin('export_declarations', 'export_declarations.id', 'export_declaration_vehicles.export_declaration_id')
      .select([
        'vehicles.id',
        'vehicles.vin',
        'vehicles.model',
        'vehicles.order_id',
        'orders.order_no',
        'vehicles.purchase_id',
        'purchases.type as purchase_type',
        'purchases.purchase_no',
        'vehicles.entry',
        'vehicles.plate',
        'vehicles.release',
        'vehicles.transfer',
        'vehicles.exports',
        'vehicles.drawback',
        'vehicles.archive',
        'vehicles.freight',
        'export_declarations.id as exports_id',
        'export_declarations.rate as exports_rate',
        'transfers.id as transfer_id',
        'transfers.rate as transfer_rate',
        'vehicles.created_at',
      ])
      .where('vehicles.id', 'in', ids)
      .orderBy('vehicles.id', 'desc')
      .execute()
  ).map((row) => ({
    ...row,
    // PostgreSQL's integers may come back as text through some drivers; the answer is numbers.
    exports_rate: row.exports_rate === null ? null : Number(row.exports_rate),
    transfer_rate: row.transfer_rate === null ? null : Number(row.transfer_rate),
  })) as ProcedureListRow[];

export const listProcedures = (
  db: Db,
  timeZone: string,
  filters: ProcedureFilters,
  offset: number,
  limit: number,
): Promise<ProcedureListRow[]> => pageByIds(pageIds(db, timeZone, filters, offset, limit), (ids) => rowsOf(db, ids));

/**
 * Every vehicle, unfiltered: the flows' counters the database keeps (migration 2026_11_24_1600) plus
 * the vehicles without a flow (on an overseas contract, not yet bought: few, through the flow index),
 * not a count of 500,000 rows on every page.
 */
const everyVehicle = async (db: Db): Promise<number> => {
  const counters = await readCounters(db);
  const inFlows = FLOWS.reduce((sum, flow) => sum + (counters.get(`flow.${flow}`) ?? 0), 0);
  const { rows } = await sql<{
    count: number | string;
  }>`select count(*) as count from vehicles where vehicles.flow is null`.execute(db);
  return inFlows + Number(rows[0]?.count ?? 0);
};

export const countProcedures = async (db: Db, timeZone: string, filters: ProcedureFilters): Promise<number> => {
  const { where } = conditionsOf(db, timeZone, filters);
  if (where.length === 0) return everyVehicle(db);
  // The dashboard's count opened as a list: its figure, not a count of every vehicle that reached the step.
  if (where.length === 1 && filters.stage !== undefined)
    return (await readCounters(db)).get(stageCounter(filters.stage)) ?? 0;
  const { rows } = await sql<{
    count: number | string;
  }>`select count(*) as count from vehicles where ${allOf(where)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
};
