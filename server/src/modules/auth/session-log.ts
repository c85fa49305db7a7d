import type { Actor } from '../../app-context';
import type { Db } from '../../db/database';
import { nowIso } from '../../time';

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
