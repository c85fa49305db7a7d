import { sql } from 'kysely';
import { messages } from '../../../contract/common';
import { conflict, unprocessable } from '../http-errors';
import { parseTimestamp } from '../time';
import type { Database, Db } from './database';
import { isPostgres } from './text-search';

export const UPDATED_AT_FORMAT_MESSAGE = '更新时间格式不正确';

/**
 * The stale-save rule of API.md: an update that sends the `updated_at` it read is refused with 409 when
 * the record changed since. The client sends the shown form (+08:00); the database keeps UTC.
 */
export const assertNotStale = (clientUpdatedAt: string | undefined, storedUpdatedAt: string): void => {
  if (clientUpdatedAt === undefined) return;
  if (storedFormOf(clientUpdatedAt) !== storedUpdatedAt) throw conflict(messages.staleRecord);
};

/** The stored `updated_at` a client's copy stands for, or a 422 when it is not a timestamp. */
export const storedFormOf = (clientUpdatedAt: string): string => {
  const milliseconds = parseTimestamp(clientUpdatedAt);
  if (Number.isNaN(milliseconds)) throw unprocessable(UPDATED_AT_FORMAT_MESSAGE, 'updated_at');
  return new Date(milliseconds).toISOString();
};

/**
 * Takes row `id` of `table` for the rest of the caller's transaction, before the update reads it: the
 * same rule on both databases for saves sent at once (API.md). SQLite already runs one write
 * transaction at a time (BEGIN IMMEDIATE, db/dialect.ts). PostgreSQL runs them side by side, so each
 * would read the same `updated_at`, and the guarded write of all but the first would find the row
 * changed and answer 该记录已被他人修改 to clients that sent no version. Locked, a second save waits for
 * the first to commit and then reads what it wrote: without `updated_at` the last writer wins, and a
 * client's stale `updated_at` is still refused by `assertNotStale`.
 */
export const lockRowForSave = async (trx: Db, table: keyof Database & string, id: number): Promise<void> => {
  if (!trx.isTransaction) throw new Error('lockRowForSave needs a transaction');
  if (!isPostgres(trx)) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx);
};
