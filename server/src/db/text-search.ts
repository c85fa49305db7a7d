import { PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from './database';
import { containsPattern } from './list-filters';

/**
 * "Contains" filters served by the trigram indexes of migration 2026_11_24_1000 (issue 9): an FTS5
 * `trigram` table per column on SQLite, a `pg_trgm` GIN index on PostgreSQL. Results are exactly
 * those of the plain `like '%…%'` (list-filters.ts): on SQLite the index picks the candidates and the
 * same `like` keeps the rows, so case folding and the clerk's `%`, `_`, `"`, `*` behave as before.
 */

export interface SearchedColumn {
  table: 'vehicles' | 'orders' | 'purchases' | 'customers' | 'vin_corrections' | 'export_declarations';
  column: string;
  /** The FTS5 table of the column (SQLite). */
  fts: string;
  /** A VIN is stored upper case and matched upper case (no lower(): PostgreSQL's index is on `vin`). */
  upperCase: boolean;
  /**
   * The column is a code that ends in a serial (VINs, contract numbers): its last characters tell rows
   * apart, its first ones are shared by thousands (`HW2023…`, a maker's `LSV…`).
   */
  serialTail: boolean;
}

const searched = (
  table: SearchedColumn['table'],
  column: string,
  { upperCase = false, serialTail = false } = {},
): SearchedColumn => ({
  table,
  column,
  fts: `${table}_${column}_fts`,
  upperCase,
  serialTail,
});

export const VEHICLE_VIN = searched('vehicles', 'vin', { upperCase: true, serialTail: true });
export const ORDER_NO = searched('orders', 'order_no', { serialTail: true });
export const ORDER_CUSTOMER_NAME = searched('orders', 'customer_name');
export const PURCHASE_NO = searched('purchases', 'purchase_no', { serialTail: true });
export const PURCHASE_CUSTOMER_NAME = searched('purchases', 'customer_name');
export const CUSTOMER_NAME = searched('customers', 'name');
export const VIN_CORRECTION_VIN_NEW = searched('vin_corrections', 'vin_new', { serialTail: true });
/** The customs declaration number (migration 2026_11_27_1100), for the one search box. */
export const EXPORT_BGD_SN = searched('export_declarations', 'bgd_sn', { serialTail: true });

/** A trigram index finds nothing shorter than three characters. */
export const TRIGRAM_LENGTH = 3;

export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * How much of a serial-ended code the index looks up: its last six characters (a VIN's serial, a
 * contract number's sequence). FTS5 intersects the lists of every trigram of a phrase, and a whole
 * contract number's first trigrams (`HW2`, `W20`, `202`) are in every contract: its twelve characters
 * took 1 ms where the last six take 0.4 ms at 50,000 contracts. The `like` on the column keeps only
 * the rows holding the whole text, so the answer is the same.
 */
export const SERIAL_TAIL = 6;

/** The text as one FTS5 phrase: quoted, its quotes doubled, so that `*`, `-`, `OR`, `:` are only text. */
export const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/**
 * Whether the row (of `alias`, the column's table by default) has the column containing `text`,
 * ignoring case. From three characters on, SQLite reads the ids from the column's FTS5 table once
 * (`id in (select rowid …)`); PostgreSQL's planner uses the GIN index for the `like` itself.
 *
 * A shorter text (a two-character Chinese name) has no index to serve it. PostgreSQL scans the
 * column's table for the `like`. For a name, SQLite reads the ids once from the column's own index
 * (`id in (select id …)`: only the column and the id are needed, so the narrow index is scanned instead
 * of the whole rows: 18 → 10 ms at 50,000 contracts, 5.6 → 1.8 ms at 20,000 customers), never a query
 * per contract. One or two characters of a code (a VIN, a number) tell nothing apart; they stay a
 * `like` on the rows the rest of the query chose (a few waiting vehicles, say), which is cheaper than
 * reading a 500,000-row index.
 *
 * SQLite's `like` already ignores the case of ASCII letters (and only of those, as its `lower()` does),
 * so there the column is compared as it is stored, which lets that index answer; PostgreSQL's `like`
 * minds case, so both sides are lowered there (its trigram index is on `lower(column)`).
 */
export const containsText = (
  db: Db,
  target: SearchedColumn,
  text: string,
  alias: string = target.table,
): RawBuilder<SqlBool> => {
  const needle = target.upperCase ? text.toUpperCase() : text;
  const pattern = containsPattern(needle);
  const id = sql.ref(`${alias}.id`);
  const ref = sql.ref(`${alias}.${target.column}`);
  if (isPostgres(db)) {
    return target.upperCase
      ? sql<SqlBool>`${ref} like ${pattern} escape '!'`
      : sql<SqlBool>`lower(${ref}) like lower(${pattern}) escape '!'`;
  }
  if ([...needle].length < TRIGRAM_LENGTH) {
    if (target.serialTail) return sql<SqlBool>`${ref} like ${pattern} escape '!'`;
    const own = sql.ref(`${target.table}.${target.column}`);
    return sql<SqlBool>`${id} in (select ${sql.ref(`${target.table}.id`)} from ${sql.table(target.table)} where ${own} like ${pattern} escape '!')`;
  }
  const fts = sql.table(target.fts);
  const looked = target.serialTail ? [...needle].slice(-SERIAL_TAIL).join('') : needle;
  return sql<SqlBool>`(${id} in (select rowid from ${fts} where ${fts} match ${ftsPhrase(looked)}) and ${ref} like ${pattern} escape '!')`;
};

/**
 * An FTS5 query for the rows holding two trigrams of `text` (three characters or more): its first and
 * its last, each quoted, joined by AND, skipping a trigram of one repeated character (`000`, in most
 * zero-padded numbers) for the next one inwards where there is one. A phrase of all the text's trigrams
 * makes FTS5 read and match the positions of each: a VIN tail of six took 1.0 ms against 0.24 ms for
 * two of its trigrams at 500,000 vehicles, a whole company name of 13 characters 1.25 ms against 0.47
 * ms; `025` and `500` instead of `025` and `000` took 86 instead of 185 µs in 58,000 declaration
 * numbers. The rows found are a superset (the two trigrams may be apart), which the caller's `like`
 * narrows.
 */
export const ftsTrigrams = (text: string): string => {
  const characters = [...text];
  const trigrams = characters
    .slice(0, characters.length - TRIGRAM_LENGTH + 1)
    .map((_, start) => characters.slice(start, start + TRIGRAM_LENGTH).join(''));
  const varied = trigrams.filter((trigram) => new Set(trigram).size > 1);
  const from = varied.length > 0 ? varied : trigrams;
  return [...new Set([from[0] ?? text, from[from.length - 1] ?? text])].map(ftsPhrase).join(' AND ');
};
