import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from './database';
import { containsIgnoringCase } from './list-filters';

/**
 * A "contains" filter on a column that repeats a few values over many rows: the agent who brought a
 * vehicle to the yard (`check_ins.dl_name`, a few hundred names over 450,000 check-ins). No trigram
 * index serves it (a Chinese name is two or three characters, and a clerk types one or two), and the
 * `lower(…) like` scan read every check-in twice per page (page and count: 190 ms and 275 ms on SQLite
 * at a company's size). Instead the column's distinct values are walked on its index, one seek per value
 * (`min(col) where col > previous`, a loose index scan that both databases run from the index alone),
 * the ones containing the text are picked here, and the rows are found with `col in (…)` on the same
 * index. A column found to hold more than `cap` distinct values falls back to the scan.
 */

/** The distinct non-null values of an indexed column, or undefined when there are more than `cap`. */
export const distinctValues = async (
  db: Db,
  table: string,
  column: string,
  cap: number,
): Promise<string[] | undefined> => {
  const ref = sql.ref(`${table}.${column}`);
  const from = sql.table(table);
  const { rows } = await sql<{ value: string }>`with recursive walk(value, n) as (
      select min(${ref}), 1 from ${from}
      union all
      select (select min(${ref}) from ${from} where ${ref} > walk.value), walk.n + 1
      from walk where walk.value is not null and walk.n <= ${sql.lit(cap)}
    )
    select value from walk where value is not null`.execute(db);
  return rows.length > cap ? undefined : rows.map((row) => row.value);
};

/** Enough for every yard agent of a company; past it the walk would cost more than the scan it saves. */
const FEW = 2000;

/**
 * `column` contains `text`, ignoring case, as `containsIgnoringCase` says it, through the column's
 * distinct values when they are few.
 */
export const containsAmongFew = async (
  db: Db,
  table: string,
  column: string,
  text: string,
): Promise<RawBuilder<SqlBool>> => {
  const values = await distinctValues(db, table, column, FEW);
  if (values === undefined) return containsIgnoringCase(`${table}.${column}`, text);
  const needle = text.toLowerCase();
  const matching = values.filter((value) => value.toLowerCase().includes(needle));
  if (matching.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(`${table}.${column}`)} in (${sql.join(matching)})`;
};
