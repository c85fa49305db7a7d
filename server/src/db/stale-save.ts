import { messages } from '../../../contract/common';
import { conflict, unprocessable } from '../http-errors';
import { parseTimestamp } from '../time';

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
