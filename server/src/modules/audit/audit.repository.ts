import type { Actor } from '../../app-context';
import type { Db } from '../../db/database';
import { nowIso } from '../../time';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: number | null;
  /** The record before the change, without secrets. */
  before?: unknown;
  /** The record after the change, without secrets. */
  after?: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** One audit row; call it with the transaction of the change it records, so both land or neither. */
export const writeAudit = async (db: Db, actor: Actor, entry: AuditEntry): Promise<void> => {
  await db
    .insertInto('audit_log')
    .values({
      user_id: actor.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before_json: json(entry.before),
      after_json: json(entry.after),
      ip: actor.ip,
      request_id: actor.requestId,
      created_at: nowIso(),
    })
    .execute();
};
