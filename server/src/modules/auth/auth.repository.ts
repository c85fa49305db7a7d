import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { NewSessionRow } from './auth.table';

/** A session with the account it belongs to: what the bearer-token check needs, in one query. */
export const findSessionByTokenHash = (db: Db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_used_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.id as user_id',
      'users.username',
      'users.nickname',
      'users.role',
      'users.status',
      'users.deleted_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();

export const insertSession = async (db: Db, row: NewSessionRow): Promise<number> => {
  const inserted = await db.insertInto('sessions').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
};

export const touchSession = async (db: Db, sessionId: number, at: string): Promise<void> => {
  await db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', sessionId).execute();
};

export const revokeSession = async (db: Db, sessionId: number, at: string): Promise<void> => {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
};

/** Ends every open session of an account, except `keepSessionId` (the caller's own, on a password change). */
export const revokeUserSessions = async (
  db: Db,
  userId: number,
  at: string,
  keepSessionId: number | null = null,
): Promise<number> => {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
};

export const pingDatabase = async (db: Db): Promise<void> => {
  await sql`select 1`.execute(db);
};
