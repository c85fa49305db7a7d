/**
 * Deadlines (issue 25): the rules an administrator keeps, the list of open deadlines (overdue first,
 * then due within 7 days), its export, the dashboard's counts and the short form the work lists and the
 * vehicle file show. The clocks themselves are kept by the lifecycle (lifecycle/deadlines.ts).
 */
import { setImmediate } from 'node:timers/promises';
import {
  DEADLINE_EXPORT_FILE_NAME,
  DEADLINE_FIXED_DATES,
  DEADLINE_KEYS,
  DEADLINE_SOON_DAYS,
  type DeadlineBrief,
  type DeadlineKey,
  type DeadlineListQuery,
  deadlineLabels,
  deadlineMessages,
  type DeadlineRow,
  type DeadlineRule,
} from '../../../../contract/deadline';
import type { Paged } from '../../../../contract/common';
import type { ExportAnswer } from '../../../../contract/export';
import type { Currency } from '../../../../contract/overseas';
import type { Actor, AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { EXPORT_BATCH, saveExportWorkbook } from '../../excel/export-file';
import { paged } from '../../envelope';
import { pageWithTotal } from '../../db/list-page';
import { notFound, unprocessable } from '../../http-errors';
import { addDays, daysBetween, today } from '../../lifecycle/deadline-clock';
import { recordHistory } from '../../platform/history/record-history';
import { nowIso } from '../../time';
import { deadlineColumns } from './deadline-workbook';
import {
  countDeadlines,
  countDue,
  type DeadlineFilters,
  type DeadlineCursor,
  deadlineIdsAfter,
  deadlineIdsPage,
  type DeadlineRowRead,
  deadlineRowsOf,
  moveOpenDueDays,
  openDeadlinesOfVehicles,
  readRules,
  writeRule,
} from './deadline.repository';

const ruleOf = (rule: { key: DeadlineKey; days: number; enabled: 0 | 1 }): DeadlineRule => ({
  key: rule.key,
  label: deadlineLabels[rule.key],
  days: Number(rule.days),
  fixed: DEADLINE_FIXED_DATES[rule.key] ?? null,
  enabled: Number(rule.enabled) === 1 ? 1 : 0,
});

const byTableOrder = (a: { key: DeadlineKey }, b: { key: DeadlineKey }) =>
  DEADLINE_KEYS.indexOf(a.key) - DEADLINE_KEYS.indexOf(b.key);

/** `GET /api/deadline/rules`: DOMAIN.md's rules in its order. */
export const listRules = async ({ db }: AppContext): Promise<DeadlineRule[]> =>
  (await readRules(db))
    .filter((rule) => DEADLINE_KEYS.includes(rule.key))
    .sort(byTableOrder)
    .map(ruleOf);

const isRuleKey = (key: string): key is DeadlineKey => (DEADLINE_KEYS as readonly string[]).includes(key);

/**
 * `PUT /api/deadline/rules/{key}`: new days move the due day of the rule's open deadlines in the same
 * transaction; turning a rule off keeps its deadlines (they are neither listed nor counted), so turning
 * it on again shows them as they are.
 */
export const saveRule = async (
  { db }: AppContext,
  key: string,
  body: { days?: number; enabled?: 0 | 1 },
  actor: Actor,
): Promise<DeadlineRule> => {
  if (!isRuleKey(key)) throw notFound(deadlineMessages.unknownRule);
  if (body.days !== undefined && DEADLINE_FIXED_DATES[key]) throw unprocessable(deadlineMessages.fixedDate, 'days');
  return db.transaction().execute(async (trx) => {
    const before = (await readRules(trx)).find((rule) => rule.key === key);
    if (!before) throw notFound(deadlineMessages.unknownRule);
    const patch: { days?: number; enabled?: 0 | 1 } = {};
    if (body.days !== undefined && body.days !== Number(before.days)) patch.days = body.days;
    if (body.enabled !== undefined && body.enabled !== Number(before.enabled)) patch.enabled = body.enabled;
    if (Object.keys(patch).length > 0) {
      await writeRule(trx, key, patch, nowIso());
      if (patch.days !== undefined) await moveOpenDueDays(trx, key, patch.days);
      await recordHistory(trx, actor, {
        action: 'update',
        entity: 'deadline_rule',
        entityId: key,
        before: { days: Number(before.days), enabled: Number(before.enabled) },
        after: patch,
      });
    }
    return ruleOf({ ...before, ...patch });
  });
};

export const enabledKeys = async (db: Db): Promise<DeadlineKey[]> =>
  (await readRules(db)).filter((rule) => Number(rule.enabled) === 1 && isRuleKey(rule.key)).map((rule) => rule.key);

const filtersOf = async (db: Db, query: DeadlineListQuery, day: string): Promise<DeadlineFilters> => {
  const on = await enabledKeys(db);
  const keys = query.key === undefined ? on : on.filter((key) => key === query.key);
  const soonEnd = addDays(day, DEADLINE_SOON_DAYS);
  return {
    keys,
    dueTo: query.state === 'overdue' ? addDays(day, -1) : soonEnd,
    dueFrom: query.state === 'soon' ? day : undefined,
    orderNo: query.order_no,
    vin: query.vin,
  };
};

/** Contract total − receipts in fen as a decimal string with two places. */
const fenText = (fen: number): string => {
  const sign = fen < 0 ? '-' : '';
  const whole = Math.abs(fen);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
};

const rowOf = (row: DeadlineRowRead, day: string): DeadlineRow => {
  const receipt = row.key === 'receipt';
  return {
    vehicle_id: row.vehicle_id,
    order_id: row.order_id,
    vin: row.vin,
    order_no: row.order_no,
    key: row.key,
    label: deadlineLabels[row.key],
    started_on: row.started_on,
    due_on: row.due_on,
    days_left: daysBetween(day, row.due_on),
    balance: receipt ? fenText(Number(row.total ?? 0) - Number(row.receipt_total ?? 0)) : null,
    currency: receipt ? ((row.currency as Currency | null) ?? null) : null,
  };
};

const rowsInOrder = async (db: Db, ids: readonly number[], day: string): Promise<DeadlineRow[]> => {
  const read = new Map((await deadlineRowsOf(db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = read.get(id);
    return row ? [rowOf(row, day)] : [];
  });
};

/** `GET /api/deadline`: open deadlines by due day (the overdue come first that way), 15 a page. */
export const listDeadlines = async ({ db }: AppContext, query: DeadlineListQuery): Promise<Paged<DeadlineRow>> => {
  const day = today();
  const filters = await filtersOf(db, query, day);
  if (filters.keys.length === 0) return paged([], 0, query.page, query.limit);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await pageWithTotal(
    offset,
    query.limit,
    async () =>
      rowsInOrder(
        db,
        (await deadlineIdsPage(db, filters, offset, query.limit)).map((row) => row.id),
        day,
      ),
    () => countDeadlines(db, filters),
  );
  return paged(rows, total, query.page, query.limit);
};

/**
 * Every filtered row in batches by keyset (due day, rule, id) after the last row of the batch before,
 * letting the event loop go between batches like every export (db/list-page.ts).
 */
async function* batchesKeyed(
  idsAfter: (after: DeadlineCursor | undefined, limit: number) => Promise<readonly DeadlineCursor[]>,
  rowsOf: (ids: readonly number[]) => Promise<DeadlineRow[]>,
  batchSize: number,
): AsyncGenerator<DeadlineRow[]> {
  let after: DeadlineCursor | undefined;
  for (;;) {
    const batch = await idsAfter(after, batchSize);
    if (batch.length === 0) return;
    yield await rowsOf(batch.map((row) => row.id));
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1];
    await setImmediate();
  }
}

/** `GET /api/deadline/export`: the list's filters, every row, in batches by keyset. */
export const exportDeadlines = async (ctx: AppContext, query: DeadlineListQuery): Promise<ExportAnswer> => {
  const day = today();
  const filters = await filtersOf(ctx.db, query, day);
  const rows = batchesKeyed(
    (after, limit) =>
      filters.keys.length === 0 ? Promise.resolve([]) : deadlineIdsAfter(ctx.db, filters, after, limit),
    (ids) => rowsInOrder(ctx.db, ids, day),
    EXPORT_BATCH,
  );
  return saveExportWorkbook(ctx, { name: DEADLINE_EXPORT_FILE_NAME, columns: deadlineColumns, rows });
};

/** The dashboard's 已逾期 and 7天内到期: open deadlines of rules that are on (a car late twice counts twice). */
export const deadlineCounts = async (db: Db): Promise<{ overdue: number; dueSoon: number }> => {
  const keys = await enabledKeys(db);
  const day = today();
  return {
    overdue: await countDue(db, keys, undefined, day, true),
    dueSoon: await countDue(db, keys, day, addDays(day, DEADLINE_SOON_DAYS), false),
  };
};

const briefOf = (row: { key: DeadlineKey; due_on: string }, day: string): DeadlineBrief => ({
  key: row.key,
  label: deadlineLabels[row.key],
  due_on: row.due_on,
  days_left: daysBetween(day, row.due_on),
});

/** A vehicle's open deadlines of rules that are on, soonest first (the vehicle file). */
export const vehicleDeadlines = async (db: Db, vehicleId: number): Promise<DeadlineBrief[]> => {
  const day = today();
  const rows = await openDeadlinesOfVehicles(db, [vehicleId], await enabledKeys(db));
  return rows.sort((a, b) => a.due_on.localeCompare(b.due_on) || byTableOrder(a, b)).map((row) => briefOf(row, day));
};

/**
 * Per vehicle of a list's page, its most urgent open deadline among `keys` (the ones that list's work
 * ends), read in one query for the page; vehicles without one are absent.
 */
export const mostUrgentDeadlines = async (
  db: Db,
  vehicleIds: readonly number[],
  keys: readonly DeadlineKey[],
): Promise<Map<number, DeadlineBrief>> => {
  const on = new Set(await enabledKeys(db));
  const wanted = keys.filter((key) => on.has(key));
  const day = today();
  const urgent = new Map<number, { key: DeadlineKey; due_on: string }>();
  for (const row of await openDeadlinesOfVehicles(db, [...new Set(vehicleIds)], wanted)) {
    const held = urgent.get(row.vehicle_id);
    if (!held || row.due_on < held.due_on || (row.due_on === held.due_on && byTableOrder(row, held) < 0)) {
      urgent.set(row.vehicle_id, row);
    }
  }
  return new Map([...urgent].map(([id, row]) => [id, briefOf(row, day)]));
};
