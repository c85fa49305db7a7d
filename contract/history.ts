/**
 * The history of records and vehicles (API.md "Beyond the seeds", GET /api/history): one typed event per
 * change, with the fields that changed. The entity words are API.md's, one vocabulary for the server's
 * writes, its reads and the screens; the eight stage words are contract/stage.ts's.
 */
import { z } from 'zod';
import { idField, optionalFilter, pageQuery } from './common';
import { endpoint, paged } from './endpoint';
import type { Stage } from './stage';

export const HISTORY_ENTITIES = [
  'order',
  'purchase',
  'car',
  'customer',
  'customer_type',
  'receipt',
  'remit',
  'user',
  'entry',
  'plate',
  'transfer',
  'release',
  'exports',
  'drawback',
  'archive',
  'freight',
  'vin_alter',
  'deadline_rule',
  'rate',
  /** A backup of the database and files (issue 27); its id is the backup's name. */
  'backup',
] as const satisfies readonly (string | Stage)[];
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

/** Entities whose id is a text key (a rule's key, `YYYY-MM:USD`); every other entity has a numeric id. */
export const TEXT_KEYED_ENTITIES: readonly HistoryEntity[] = ['deadline_rule', 'rate', 'backup'];

/** What happened; a stage record's create and update are `create` and `update` of its stage word. */
export const HISTORY_ACTIONS = [
  'create',
  'update',
  'delete',
  /** A car line joined another contract, or an existing car was named by this contract. */
  'link',
  /** A car left a contract (its line was removed) without being deleted. */
  'detach',
  'hand_over',
  'finish',
  'reopen',
  'enable',
  'disable',
  'setup',
  'password_change',
  'correct_vin',
  /** The data was switched to a backup (the data before kept aside). */
  'restore',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const historyMessages = {
  entityRequired: '请指定要查看历史的记录类型',
  entityUnknown: '记录类型不正确',
  idRequired: '请指定要查看历史的记录',
  idFormat: '记录编号不正确',
  vehicleFormat: '车辆编号不正确',
  targetRequired: '请指定要查看历史的记录或车辆',
} as const;

const numericId = /^[1-9][0-9]{0,9}$/;

/**
 * Either `entity` and `id`, or `vehicle_id`. The id of a numeric entity is a record id (digits); the
 * text-keyed entities take their key as it is.
 */
export const historyQuery = pageQuery
  .extend({
    entity: optionalFilter(
      z.string({ error: historyMessages.entityUnknown }).pipe(z.enum(HISTORY_ENTITIES, historyMessages.entityUnknown)),
    ),
    id: optionalFilter(z.string({ error: historyMessages.idFormat }).trim().max(64, historyMessages.idFormat)),
    vehicle_id: optionalFilter(idField(historyMessages.vehicleFormat)),
  })
  .superRefine((query, context) => {
    if (query.vehicle_id !== undefined) return;
    if (query.entity === undefined) {
      const message = query.id === undefined ? historyMessages.targetRequired : historyMessages.entityRequired;
      context.addIssue({ code: 'custom', message, path: ['entity'] });
      return;
    }
    if (query.id === undefined || query.id === '') {
      context.addIssue({ code: 'custom', message: historyMessages.idRequired, path: ['id'] });
      return;
    }
    if (
      !TEXT_KEYED_ENTITIES.includes(query.entity) &&
      (!numericId.test(query.id) || Number(query.id) > 2_147_483_647)
    ) {
      context.addIssue({ code: 'custom', message: historyMessages.idFormat, path: ['id'] });
    }
  });
export type HistoryQuery = z.infer<typeof historyQuery>;

/** A value as the record held it (money in yuan as a decimal string, a list of files as a list). */
const historyValue = z.unknown();

export const historyChangeSchema = z.object({
  field: z.string(),
  /** What the forms call the field. */
  label: z.string(),
  before: historyValue,
  after: historyValue,
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const historyEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  /** Null for the first-run setup recorded before anyone was logged in, or an account no longer held. */
  by: z.object({ id: z.number(), nickname: z.string() }).nullable(),
  action: z.enum(HISTORY_ACTIONS),
  entity: z.enum(HISTORY_ENTITIES),
  /** A number, a text key for deadline_rule and rate; null for a hand-over of cars on no purchase contract. */
  entity_id: z.union([z.number(), z.string()]).nullable(),
  changes: z.array(historyChangeSchema),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export const historyEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/history',
    query: historyQuery,
    response: paged(historyEventSchema),
  }),
};

/**
 * Money fields per entity: kept in fen by the tables, written to the history in yuan as decimal strings
 * ("12345.60"), so that a screen shows them with separators (12,345.60). The server's
 * platform/history/history-fields.ts names the same fields.
 */
export const HISTORY_MONEY_FIELDS: Partial<Record<HistoryEntity, readonly string[]>> = {
  order: ['total'],
  purchase: ['total'],
  car: ['order_price', 'order_invoice', 'order_other', 'price', 'invoice', 'other'],
  receipt: ['amount', 'settlement', 'actual_total'],
  remit: ['amount'],
  exports: ['exports_money'],
  freight: ['freight_money'],
  drawback: ['drawback_money'],
};

export const isHistoryMoneyField = (entity: HistoryEntity, field: string): boolean =>
  HISTORY_MONEY_FIELDS[entity]?.includes(field) ?? false;
