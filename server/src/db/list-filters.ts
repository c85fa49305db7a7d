import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { endOfDayExclusive, startOfDay } from '../time';

/**
 * The list filters of API.md, the same on SQLite and PostgreSQL: text filters match any part of the
 * value ignoring case (`lower(…) like lower(…)`: SQLite's LIKE and PostgreSQL's differ on case, lower()
 * on both sides makes them agree), with the clerk's `%`, `_` and `!` taken literally.
 */

/** LIKE's wildcards in `text` escaped by `!` (every pattern here says `escape '!'`). */
export const escapeLike = (text: string) => text.replace(/[!%_]/g, (character) => `!${character}`);

/** `%text%`, with LIKE's wildcards in `text` escaped by `!`. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** `text%`, with LIKE's wildcards in `text` escaped by `!`. */
export const startsPattern = (text: string): string => `${escapeLike(text)}%`;

export const containsIgnoringCase = (column: string, text: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like lower(${containsPattern(text)}) escape '!'`;

/** The stored-form bounds of a `start_time`/`end_time` filter: days in the server's time zone, end inclusive. */
export const createdRange = (
  timeZone: string,
  start: string | undefined,
  end: string | undefined,
): { from?: string; before?: string } => ({
  ...(start ? { from: startOfDay(start, timeZone) } : {}),
  ...(end ? { before: endOfDayExclusive(end, timeZone) } : {}),
});
