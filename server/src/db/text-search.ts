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
  table: 'vehicles' | 'orders' | 'purchases' | 'customers' | 'vin_corrections';
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

/** A trigram index finds nothing shorter than three characters. */
const TRIGRAM_LENGTH = 3;

export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * How much of a serial-ended code the index looks up: its last six characters (a VIN's serial, a
 * contract number's sequence). FTS5 intersects the lists of every trigram of a phrase, and a whole
 * contract number's first trigrams (`HW2`, `W20`, `202`) are in every contract: its twelve characters
 * took 1 ms where the last six take 0.4 ms at 50,000 contracts. The `like` on the column keeps only
 * the rows holding the whole text, so the answer is the same.
 */
const SERIAL_TAIL = 6;

/** The text as one FTS5 phrase: quoted, its quotes doubled, so that `*`, `-`, `OR`, `:` are only text. */
export const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/**
 * Whether the row (of `alias`, the column's table by default) has the column containing `text`,
 * ignoring case. From three characters on, SQLite reads the ids from the column's FTS5 table once
 * (`id in (select rowid …)`); PostgreSQL's planner uses the GIN index for the `like` itself. A shorter
 * text is the `like` alone, on the column's own table: no index can serve it, and it stays one pass
 * over that table, never a query per contract.
 */
export const containsText = (
  db: Db,
  target: SearchedColumn,
  text: string,
  alias: string = target.table,
): RawBuilder<SqlBool> => {
  const ref = sql.ref(`${alias}.${target.column}`);
  const needle = target.upperCase ? text.toUpperCase() : text;
  const exact = target.upperCase
    ? sql<SqlBool>`${ref} like ${containsPattern(needle)} escape '!'`
    : sql<SqlBool>`lower(${ref}) like lower(${containsPattern(needle)}) escape '!'`;
  if (isPostgres(db) || [...needle].length < TRIGRAM_LENGTH) return exact;
  const fts = sql.table(target.fts);
  const looked = target.serialTail ? [...needle].slice(-SERIAL_TAIL).join('') : needle;
  return sql<SqlBool>`(${sql.ref(`${alias}.id`)} in (select rowid from ${fts} where ${fts} match ${ftsPhrase(looked)}) and ${exact})`;
};
