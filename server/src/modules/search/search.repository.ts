import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { escapeLike } from '../../db/list-filters';
import {
  CUSTOMER_NAME,
  EXPORT_BGD_SN,
  isPostgres,
  newestContaining,
  ORDER_NO,
  PURCHASE_NO,
  type SearchedColumn,
  TRIGRAM_LENGTH,
  VEHICLE_VIN,
} from '../../db/text-search';

/**
 * The one search box's groups (API.md `GET /api/search`). Each group reads at most `CANDIDATES` of the
 * newest rows containing the text from its index (db/text-search.ts `newestContaining`; for one or two
 * characters of a name, `customer_name_grams`), plus the row equal to the text from the column's own
 * index, ranks those few (equal, then ending or starting with the text, then the rest; newest first)
 * and keeps `limit`. A text most rows contain therefore costs what a rare one does; its best matches
 * are looked for among the newest `CANDIDATES` only.
 */

/** How many of the newest matches a group ranks. */
export const CANDIDATES = 100;

/** The typed text as the group compares it (a VIN upper case), and how long it is in characters. */
interface Needle {
  text: string;
  length: number;
}

const needleOf = (text: string, target: SearchedColumn): Needle => {
  const value = target.upperCase ? text.toUpperCase() : text;
  return { text: value, length: [...value].length };
};

/**
 * `column like pattern`, ignoring case as the list filters do: SQLite's `like` already ignores ASCII
 * case (and the column's own index then stays usable); PostgreSQL's does not, so both sides are lowered
 * there, except for a VIN (stored upper case, the needle upper-cased).
 */
const like = (db: Db, target: SearchedColumn, column: string, pattern: string): RawBuilder<SqlBool> => {
  const ref = sql.ref(column);
  if (!isPostgres(db) || target.upperCase) return sql<SqlBool>`${ref} like ${pattern} escape '!'`;
  return sql<SqlBool>`lower(${ref}) like lower(${pattern}) escape '!'`;
};

/**
 * The rank of a row: 0 equal to the text, 1 ending with it (a VIN's or a number's serial, what clerks
 * type), 2 starting with it, 3 containing it elsewhere. A name: 0 equal, 1 starting with it, 3 else.
 */
const rankOf = (db: Db, target: SearchedColumn, column: string, needle: Needle): RawBuilder<number> => {
  const escaped = escapeLike(needle.text);
  const equal = like(db, target, column, escaped);
  const starts = like(db, target, column, `${escaped}%`);
  if (!target.serialTail) return sql<number>`case when ${equal} then 0 when ${starts} then 1 else 3 end`;
  const ends = like(db, target, column, `%${escaped}`);
  return sql<number>`case when ${equal} then 0 when ${ends} then 1 when ${starts} then 2 else 3 end`;
};

/**
 * The ids a group ranks: the rows whose column equals the text (exactly, or upper-cased: numbers are
 * usually stored upper case), and from three characters on the newest `CANDIDATES` containing it.
 */
const candidateIds = (db: Db, target: SearchedColumn, needle: Needle): RawBuilder<unknown> => {
  const column = sql.ref(`${target.table}.${target.column}`);
  const table = sql.table(target.table);
  const id = sql.ref(`${target.table}.id`);
  const upper = needle.text.toUpperCase();
  const equals =
    upper === needle.text
      ? sql`select ${id} from ${table} where ${column} = ${needle.text}`
      : sql`select ${id} from ${table} where ${column} in (${needle.text}, ${upper})`;
  if (needle.length < TRIGRAM_LENGTH) return equals;
  return sql`${equals} union select * from (${newestContaining(db, target, needle.text, CANDIDATES)}) as newest`;
};

/** The group's condition on its table: a candidate, and containing the text (see newestContaining). */
const matching = (db: Db, target: SearchedColumn, needle: Needle, ids: RawBuilder<unknown>): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(`${target.table}.id`)} in (${ids}) and ${like(db, target, `${target.table}.${target.column}`, `%${escapeLike(needle.text)}%`)}`;

export interface VehicleHitRow {
  id: number;
  vin: string;
  model: string | null;
  order_no: string | null;
}

/**
 * Vehicles by a part of their VIN (three characters or more, VIN characters only: the caller checks).
 * The candidates are ranked on `vehicles` alone; only the `limit` kept are joined with their contract.
 */
export const findVehicles = (db: Db, text: string, limit: number): Promise<VehicleHitRow[]> => {
  const needle = needleOf(text, VEHICLE_VIN);
  const best = db
    .selectFrom('vehicles')
    .select([
      'vehicles.id',
      'vehicles.vin',
      'vehicles.model',
      'vehicles.order_id',
      rankOf(db, VEHICLE_VIN, 'vehicles.vin', needle).as('rank'),
    ])
    .where(matching(db, VEHICLE_VIN, needle, candidateIds(db, VEHICLE_VIN, needle)))
    .orderBy('rank')
    .orderBy('vehicles.id', 'desc')
    .limit(limit);
  return db
    .selectFrom(best.as('best'))
    .leftJoin('orders', 'orders.id', 'best.order_id')
    .select(['best.id', 'best.vin', 'best.model', 'orders.order_no'])
    .orderBy('best.rank')
    .orderBy('best.id', 'desc')
    .execute();
};

export interface ContractHitRow {
  id: number;
  number: string;
  customer_name: string;
}

/** Overseas contracts by a part of their number (one or two characters: the whole number only). */
export const findOrders = (db: Db, text: string, limit: number): Promise<ContractHitRow[]> => {
  const needle = needleOf(text, ORDER_NO);
  return db
    .selectFrom('orders')
    .select(['orders.id', 'orders.order_no as number', 'orders.customer_name'])
    .where(matching(db, ORDER_NO, needle, candidateIds(db, ORDER_NO, needle)))
    .orderBy(rankOf(db, ORDER_NO, 'orders.order_no', needle))
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
};

/** Purchase contracts by a part of their number (one or two characters: the whole number only). */
export const findPurchases = (db: Db, text: string, limit: number): Promise<ContractHitRow[]> => {
  const needle = needleOf(text, PURCHASE_NO);
  return db
    .selectFrom('purchases')
    .select(['purchases.id', 'purchases.purchase_no as number', 'purchases.customer_name'])
    .where(matching(db, PURCHASE_NO, needle, candidateIds(db, PURCHASE_NO, needle)))
    .orderBy(rankOf(db, PURCHASE_NO, 'purchases.purchase_no', needle))
    .orderBy('purchases.id', 'desc')
    .limit(limit)
    .execute();
};

export interface ExportHitRow {
  id: number;
  bgd_sn: string;
  order_id: number;
  order_no: string;
  purchase_id: number | null;
}

/** Customs declarations by a part of their number (one or two characters: the whole number only). */
export const findExports = async (db: Db, text: string, limit: number): Promise<ExportHitRow[]> => {
  const needle = needleOf(text, EXPORT_BGD_SN);
  const best = db
    .selectFrom('export_declarations')
    .select([
      'export_declarations.id',
      'export_declarations.bgd_sn',
      'export_declarations.order_id',
      'export_declarations.purchase_id',
      rankOf(db, EXPORT_BGD_SN, 'export_declarations.bgd_sn', needle).as('rank'),
    ])
    .where(matching(db, EXPORT_BGD_SN, needle, candidateIds(db, EXPORT_BGD_SN, needle)))
    .orderBy('rank')
    .orderBy('export_declarations.id', 'desc')
    .limit(limit);
  const rows = await db
    .selectFrom(best.as('best'))
    .innerJoin('orders', 'orders.id', 'best.order_id')
    .select(['best.id', 'best.bgd_sn', 'best.order_id', 'orders.order_no', 'best.purchase_id'])
    .orderBy('best.rank')
    .orderBy('best.id', 'desc')
    .execute();
  // A row that matched has a number.
  return rows.map((row) => ({ ...row, bgd_sn: row.bgd_sn ?? '' }));
};

export interface CustomerHitRow {
  id: number;
  name: string;
  type: number;
}

/**
 * The newest `CANDIDATES` customers whose name holds one or two characters, from `customer_name_grams`
 * (migration 2026_11_27_1100: every character and pair of each name, lowered as the database lowers):
 * one range of its key, newest customer first.
 */
const newestWithGram = (text: string): RawBuilder<unknown> =>
  sql`select customer_id from customer_name_grams where gram = lower(${text}) order by customer_id desc limit ${CANDIDATES}`;

/** Customers by a part of their name: one or two characters through their grams, more through trigrams. */
export const findCustomers = (db: Db, text: string, limit: number): Promise<CustomerHitRow[]> => {
  const needle = needleOf(text, CUSTOMER_NAME);
  const ids =
    needle.length < TRIGRAM_LENGTH
      ? sql`${candidateIds(db, CUSTOMER_NAME, needle)} union select * from (${newestWithGram(needle.text)}) as newest`
      : candidateIds(db, CUSTOMER_NAME, needle);
  return db
    .selectFrom('customers')
    .select(['customers.id', 'customers.name', 'customers.type_id as type'])
    .where(matching(db, CUSTOMER_NAME, needle, ids))
    .orderBy(rankOf(db, CUSTOMER_NAME, 'customers.name', needle))
    .orderBy(sql`length(customers.name)`)
    .orderBy('customers.id', 'desc')
    .limit(limit)
    .execute();
};
