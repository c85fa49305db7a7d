import type { Generated } from 'kysely';
import type { Actor } from '../../app-context';
import type { Db } from '../../db/database';
import { nowIso } from '../../time';

/**
 * Logins and logouts (`audit_log`, entity `session`): a security trail, not history. Every change to a
 * record goes to platform/history; since 2026_11_25_1200 this table keeps only these rows.
 */
export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  before_json: string | null;
  after_json: string | null;
  ip: string | null;
  request_id: string | null;
  created_at: string;
}

export type SessionEvent = 'login' | 'logout';

/** One login or logout, in the transaction that opens or ends the session. */
export const logSession = async (db: Db, actor: Actor, action: SessionEvent, sessionId: number): Promise<void> => {
  await db
    .insertInto('audit_log')
    .values({
      user_id: actor.userId,
      action,
      entity: 'session',
      entity_id: sessionId,
      before_json: null,
      after_json: null,
      ip: actor.ip,
      request_id: actor.requestId,
      created_at: nowIso(),
    })
    .execute();
};
