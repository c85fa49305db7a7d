/**
 * The one way a change enters the history: call it with the transaction of the change, so both land or
 * neither. It keeps only the fields that changed, drops secrets and bookkeeping columns, shows money in
 * yuan and file lists as lists, and links every vehicle the change touched.
 */
import type { HistoryAction, HistoryEntity } from '../../../../contract/history';
import type { Actor } from '../../app-context';
import type { Db } from '../../db/database';
import { nowIso } from '../../time';
import { isMoneyField, isRecordedField, LIST_FIELDS } from './history-fields';

export interface HistoryEventInput {
  action: HistoryAction;
  entity: HistoryEntity;
  /** The record's id; a text key for deadline_rule and rate; null for cars on no purchase contract. */
  entityId: number | string | null;
  /** The record before the change (absent for a create). */
  before?: Record<string, unknown>;
  /** The record after the change (absent for a delete). */
  after?: Record<string, unknown>;
  /** Every vehicle the change touched; a car's own id is added for entity `car` and `vin_alter` needs it given. */
  vehicleIds?: readonly number[];
  /** The overseas contract whose history holds it (an order's own events need not say). */
  orderId?: number | null;
  /** The purchase contract whose history holds it (a purchase's own events need not say). */
  purchaseId?: number | null;
}

export interface StoredChange {
  field: string;
  before: unknown;
  after: unknown;
}

const fenToYuan = (value: unknown): unknown => {
  if (value === null || value === undefined || value === '') return value ?? null;
  const fen = Number(value);
  return Number.isFinite(fen) ? (fen / 100).toFixed(2) : value;
};

const parseList = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** A value as the history shows it: null for absent, money in yuan, a stored file list as a list. */
export const shownValue = (entity: HistoryEntity, field: string, value: unknown): unknown => {
  if (value === undefined) return null;
  if (isMoneyField(entity, field)) return fenToYuan(value);
  if (LIST_FIELDS.has(field)) return parseList(value);
  // PostgreSQL hands bigints back as text; a number in the event is the same number either way.
  return typeof value === 'bigint' ? Number(value) : value;
};

/**
 * The fields whose value differs between before and after. A change names its fields in `after` (a
 * column it did not write, present in the row read before, did not change); a delete, in `before`.
 */
export const changedFields = (
  entity: HistoryEntity,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): StoredChange[] => {
  const fields = Object.keys(after ?? before ?? {}).filter(isRecordedField);
  const changes: StoredChange[] = [];
  for (const field of fields) {
    const was = shownValue(entity, field, before?.[field]);
    const is = shownValue(entity, field, after?.[field]);
    if (JSON.stringify(was) !== JSON.stringify(is)) changes.push({ field, before: was, after: is });
  }
  return changes;
};

const ownNumber = (event: HistoryEventInput, entity: HistoryEntity): number | null =>
  event.entity === entity && typeof event.entityId === 'number' ? event.entityId : null;

const LINKS_PER_INSERT = 500;

export const recordHistory = async (trx: Db, actor: Actor, event: HistoryEventInput): Promise<void> => {
  const { id } = await trx
    .insertInto('history_events')
    .values({
      at: nowIso(),
      user_id: actor.userId,
      action: event.action,
      entity: event.entity,
      entity_id: event.entityId === null ? null : String(event.entityId),
      order_id: event.orderId ?? ownNumber(event, 'order'),
      purchase_id: event.purchaseId ?? ownNumber(event, 'purchase'),
      changes: JSON.stringify(changedFields(event.entity, event.before, event.after)),
      request_id: actor.requestId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const vehicleIds = new Set(event.vehicleIds ?? []);
  const own = ownNumber(event, 'car');
  if (own !== null) vehicleIds.add(own);
  const links = [...vehicleIds].map((vehicleId) => ({ event_id: id, vehicle_id: vehicleId }));
  // A release pass may cover hundreds of cars: in slices, well under either database's parameter limit.
  for (let start = 0; start < links.length; start += LINKS_PER_INSERT) {
    await trx
      .insertInto('history_vehicles')
      .values(links.slice(start, start + LINKS_PER_INSERT))
      .execute();
  }
};
