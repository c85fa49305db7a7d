import type { Db } from '../../server/src/db/database';
import type { StoredChange } from '../../server/src/platform/history/record-history';

/** One history event as a test reads it: its changes parsed, the vehicles it is linked to. */
export interface ReadHistoryEvent {
  id: number;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  order_id: number | null;
  purchase_id: number | null;
  changes: StoredChange[];
  /** A change's before and after by field: `{ vin: [old, new] }`. */
  changed: Record<string, [unknown, unknown]>;
  vehicles: number[];
}

/** Every history event in the order written, optionally only those matching `where`. */
export const historyEvents = async (
  db: Db,
  where: Partial<Pick<ReadHistoryEvent, 'action' | 'entity' | 'user_id'>> & { entityId?: number | string } = {},
): Promise<ReadHistoryEvent[]> => {
  const rows = await db.selectFrom('history_events').selectAll().orderBy('id').execute();
  const links = await db.selectFrom('history_vehicles').selectAll().orderBy('vehicle_id').execute();
  return rows
    .map((row) => {
      const changes = JSON.parse(row.changes) as StoredChange[];
      return {
        id: row.id,
        user_id: row.user_id,
        action: row.action,
        entity: row.entity,
        entity_id: row.entity_id,
        order_id: row.order_id,
        purchase_id: row.purchase_id,
        changes,
        changed: Object.fromEntries(changes.map((change) => [change.field, [change.before, change.after]])),
        vehicles: links.filter((link) => link.event_id === row.id).map((link) => link.vehicle_id),
      } satisfies ReadHistoryEvent;
    })
    .filter(
      (event) =>
        (where.action === undefined || event.action === where.action) &&
        (where.entity === undefined || event.entity === where.entity) &&
        (where.user_id === undefined || event.user_id === where.user_id) &&
        (where.entityId === undefined || event.entity_id === String(where.entityId)),
    );
};
