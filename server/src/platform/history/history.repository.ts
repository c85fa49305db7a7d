/**
 * The reads of the history: a page of event ids by one index (the record's, the contract's or the
 * vehicle's), newest first, then those events with who made them.
 */
import type { HistoryEntity } from '../../../../contract/history';
import type { Db } from '../../db/database';

/** Whose history: a record (a contract's includes its car lines' and receipts' or remittances'), or a car. */
export type HistoryTarget = { entity: HistoryEntity; id: string } | { vehicleId: number };

const vehicleEventIds = (db: Db, vehicleId: number) =>
  db.selectFrom('history_vehicles').select('event_id as id').where('vehicle_id', '=', vehicleId);

const recordEventIds = (db: Db, entity: HistoryEntity, id: string) => {
  const events = db.selectFrom('history_events').select('id');
  if (entity === 'order') return events.where('order_id', '=', Number(id));
  if (entity === 'purchase') return events.where('purchase_id', '=', Number(id));
  return events.where('entity', '=', entity).where('entity_id', '=', id);
};

export const pageHistoryIds = async (
  db: Db,
  target: HistoryTarget,
  offset: number,
  limit: number,
): Promise<{ id: number }[]> =>
  'vehicleId' in target
    ? vehicleEventIds(db, target.vehicleId).orderBy('event_id', 'desc').limit(limit).offset(offset).execute()
    : recordEventIds(db, target.entity, target.id).orderBy('id', 'desc').limit(limit).offset(offset).execute();

export const countHistory = async (db: Db, target: HistoryTarget): Promise<number> => {
  const matching =
    'vehicleId' in target ? vehicleEventIds(db, target.vehicleId) : recordEventIds(db, target.entity, target.id);
  const counted = await db
    .selectFrom(matching.as('matching'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(counted.count);
};

export const readHistoryEvents = (db: Db, ids: readonly number[]) =>
  db
    .selectFrom('history_events')
    .leftJoin('users', 'users.id', 'history_events.user_id')
    .select([
      'history_events.id',
      'history_events.at',
      'history_events.user_id',
      'users.nickname',
      'history_events.action',
      'history_events.entity',
      'history_events.entity_id',
      'history_events.changes',
    ])
    .where('history_events.id', 'in', ids)
    .orderBy('history_events.id', 'desc')
    .execute();
