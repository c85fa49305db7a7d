/**
 * Reads of the deadlines (migration 2026_11_27_1400) and the rules' writes. Every read is of open rows
 * (`closed_on is null`, written as a literal so that both planners use the partial indexes) of rules
 * that are on: the list by due day, the dashboard's two counts, the briefs of the work lists' vehicles.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { DEADLINE_KEYS, type DeadlineKey } from '../../../../contract/deadline';
import type { Db } from '../../db/database';
import { allOf } from '../../db/list-page';
import { containsText, isPostgres, ORDER_NO, VEHICLE_VIN } from '../../db/text-search';
import type { DeadlineRuleState } from '../../lifecycle/deadlines.repository';

export const readRules = async (db: Db): Promise<DeadlineRuleState[]> =>
  (await db.selectFrom('deadline_rules').select(['key', 'days', 'enabled']).execute()) as DeadlineRuleState[];

export const writeRule = async (
  db: Db,
  key: DeadlineKey,
  patch: { days?: number; enabled?: 0 | 1 },
  at: string,
): Promise<void> => {
  await db
    .updateTable('deadline_rules')
    .set({ ...patch, updated_at: at })
    .where('key', '=', key)
    .execute();
};

/** A rule's new days move the due day of its open deadlines at once, in one statement. */
export const moveOpenDueDays = async (db: Db, key: DeadlineKey, days: number): Promise<void> => {
  const due = isPostgres(db)
    ? sql<string>`to_char(started_on::date + ${days}::integer, 'YYYY-MM-DD')`
    : sql<string>`date(started_on, ${`+${days} days`})`;
  await db
    .updateTable('deadlines')
    .set({ due_on: due })
    .where('key', '=', key)
    .where(sql.ref('closed_on'), 'is', null)
    .execute();
};

export interface DeadlineFilters {
  /** Due day bounds, inclusive: `from` absent for overdue and open. */
  dueFrom?: string;
  dueTo: string;
  /** The rules that are on (and, with the key filter, that one only). */
  keys: readonly DeadlineKey[];
  orderNo?: string;
  vin?: string;
}

const OPEN = sql<SqlBool>`deadlines.closed_on is null`;

/**
 * The rules that are on, as literals; none when every rule is on (the usual case), so that the open-by-due
 * index answers alone (PostgreSQL counts it index-only).
 */
const ofRules = (keys: readonly DeadlineKey[]): RawBuilder<SqlBool>[] =>
  keys.length === DEADLINE_KEYS.length
    ? []
    : [sql<SqlBool>`deadlines.key in (${sql.join(keys.map((key) => sql.lit(key)))})`];

const conditionsOf = (db: Db, filters: DeadlineFilters): RawBuilder<SqlBool>[] => {
  const where = [OPEN, ...ofRules(filters.keys), sql<SqlBool>`deadlines.due_on <= ${filters.dueTo}`];
  if (filters.dueFrom !== undefined) where.push(sql<SqlBool>`deadlines.due_on >= ${filters.dueFrom}`);
  if (filters.orderNo !== undefined) {
    where.push(
      sql<SqlBool>`deadlines.order_id in (select orders.id from orders where ${containsText(db, ORDER_NO, filters.orderNo)})`,
    );
  }
  if (filters.vin !== undefined) {
    where.push(
      sql<SqlBool>`deadlines.vehicle_id in (select vehicles.id from vehicles where ${containsText(db, VEHICLE_VIN, filters.vin)})`,
    );
  }
  return where;
};

/** A page of ids by due day (then rule, then id): the open-by-due index walked in order. */
export const deadlineIdsPage = (db: Db, filters: DeadlineFilters, offset: number, limit: number) =>
  db
    .selectFrom('deadlines')
    .select('deadlines.id')
    .where(allOf(conditionsOf(db, filters)))
    .orderBy('deadlines.due_on')
    .orderBy('deadlines.key')
    .orderBy('deadlines.id')
    .offset(offset)
    .limit(limit)
    .execute();

export interface DeadlineCursor {
  due_on: string;
  key: string;
  id: number;
}

/** The export's batches: the same order, by keyset after the last row of the batch before. */
export const deadlineIdsAfter = (db: Db, filters: DeadlineFilters, after: DeadlineCursor | undefined, limit: number) =>
  db
    .selectFrom('deadlines')
    .select(['deadlines.id', 'deadlines.due_on', 'deadlines.key'])
    .where(
      allOf([
        ...conditionsOf(db, filters),
        ...(after
          ? [
              sql<SqlBool>`(deadlines.due_on, deadlines.key, deadlines.id) > (${after.due_on}, ${after.key}, ${after.id})`,
            ]
          : []),
      ]),
    )
    .orderBy('deadlines.due_on')
    .orderBy('deadlines.key')
    .orderBy('deadlines.id')
    .limit(limit)
    .execute();

export const countDeadlines = async (db: Db, filters: DeadlineFilters): Promise<number> => {
  // By state and rule only: the per-day counts answer.
  if (filters.orderNo === undefined && filters.vin === undefined) {
    return countDue(db, filters.keys, filters.dueFrom, filters.dueTo, false);
  }
  const row = await db
    .selectFrom('deadlines')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(allOf(conditionsOf(db, filters)))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export interface DeadlineRowRead {
  id: number;
  vehicle_id: number | null;
  order_id: number | null;
  key: DeadlineKey;
  started_on: string;
  due_on: string;
  vin: string | null;
  order_no: string | null;
  currency: string | null;
  total: number | string | null;
  receipt_total: number | string | null;
}

/** The shown rows of a page of ids, with the vehicle's VIN and the contract's number (and its sums for receipts). */
export const deadlineRowsOf = async (db: Db, ids: readonly number[]): Promise<DeadlineRowRead[]> =>
  ids.length === 0
    ? []
    : ((await db
        .selectFrom('deadlines')
        .leftJoin('vehicles', 'vehicles.id', 'deadlines.vehicle_id')
        .leftJoin('orders', 'orders.id', 'deadlines.order_id')
        .select([
          'deadlines.id',
          'deadlines.vehicle_id',
          'deadlines.order_id',
          'deadlines.key',
          'deadlines.started_on',
          'deadlines.due_on',
          'vehicles.vin',
          'orders.order_no',
          'orders.currency',
          'orders.total',
          'orders.receipt_total',
        ])
        .where('deadlines.id', 'in', ids)
        .execute()) as DeadlineRowRead[]);

/**
 * Open deadlines of the given rules due from `dueFrom` (inclusive) to `dueTo` (inclusive, or exclusive
 * for the overdue count), summed from the per-day counts the triggers keep (migration 2026_11_27_1410):
 * a few thousand day rows, not every open deadline.
 */
export const countDue = async (
  db: Db,
  keys: readonly DeadlineKey[],
  dueFrom: string | undefined,
  dueTo: string,
  exclusiveTo: boolean,
): Promise<number> => {
  if (keys.length === 0) return 0;
  const where = [
    exclusiveTo
      ? sql<SqlBool>`deadline_due_counts.due_on < ${dueTo}`
      : sql<SqlBool>`deadline_due_counts.due_on <= ${dueTo}`,
  ];
  if (dueFrom !== undefined) where.push(sql<SqlBool>`deadline_due_counts.due_on >= ${dueFrom}`);
  if (keys.length < DEADLINE_KEYS.length) {
    where.push(sql<SqlBool>`deadline_due_counts.key in (${sql.join(keys.map((key) => sql.lit(key)))})`);
  }
  const row = await db
    .selectFrom('deadline_due_counts')
    .select(sql<number | string | null>`sum(deadline_due_counts.open_count)`.as('count'))
    .where(allOf(where))
    .executeTakeFirstOrThrow();
  return Number(row.count ?? 0);
};

/** The open deadlines of these vehicles under the given rules: the work lists' tags, the vehicle file. */
export const openDeadlinesOfVehicles = async (
  db: Db,
  vehicleIds: readonly number[],
  keys: readonly DeadlineKey[],
): Promise<{ vehicle_id: number; key: DeadlineKey; due_on: string }[]> =>
  vehicleIds.length === 0 || keys.length === 0
    ? []
    : ((await db
        .selectFrom('deadlines')
        .select(['vehicle_id', 'key', 'due_on'])
        .where('vehicle_id', 'in', vehicleIds)
        .where('key', 'in', keys)
        .where(sql.ref('closed_on'), 'is', null)
        .execute()) as { vehicle_id: number; key: DeadlineKey; due_on: string }[]);
