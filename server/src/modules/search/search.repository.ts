import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database';
import { escapeLike } from '../../db/list-filters';
import {
  CUSTOMER_NAME,
  EXPORT_BGD_SN,
  ftsTrigrams,
  isPostgres,
  ORDER_NO,
  PURCHASE_NO,
  type SearchedColumn,
  SERIAL_TAIL,
  TRIGRAM_LENGTH,
  VEHICLE_VIN,
} from '../../db/text-search';

/**
 * The one search box's groups (API.md `GET /api/search`), as one statement: each group reads at most
 * `CANDIDATES` of the newest rows containing the text from an index (the column's trigrams; for one or
 * two characters of a name, `customer_name_grams`), plus the rows equal to the text from the column's
 * own index, ranks those few (equal, then ending or starting with the text, then the rest; newest
 * first) and keeps `limit`. A text most rows contain therefore costs what a rare one does; its best
 * matches are looked for among the newest `CANDIDATES` only.
 *
 * The SQL is written out rather than built with Kysely's query builder: building and compiling the
 * five groups' statements took a third of a search's CPU time (0.5 of 1.5 ms), and one statement
 * instead of five spares four round trips on PostgreSQL.
 */

/** How many of the newest matches a group ranks. */
export const CANDIDATES = 50;
/** PostgreSQL: how many of the newest rows a three-character text is first looked for in. */
export const RECENT_ROWS = 1000;
/** PostgreSQL: the matches among those rows that make a text common enough to be answered from them. */
export const ENOUGH_RECENT = 8;

export type SearchKind = 'vehicles' | 'orders' | 'purchases' | 'exports' | 'customers';

/** Each kind's number in the statement (the order of the answer's groups). */
const KIND_NUMBER: Record<SearchKind, number> = { vehicles: 1, orders: 2, purchases: 3, exports: 4, customers: 5 };

/** One found row, whatever its kind: the columns the answer needs, the others null. */
export interface FoundRow {
  kind: number;
  id: number;
  /** The VIN, the contract or declaration number, the customer's name. */
  label: string;
  /** A vehicle's model, a contract's customer name. */
  detail: string | null;
  /** A vehicle's or a declaration's overseas contract number. */
  order_no: string | null;
  order_id: number | null;
  purchase_id: number | null;
  /** A customer's type id. */
  type: number | null;
}

/** The values of a statement and their placeholders, numbered (`?1`, `$1`) so that fragments may be built in any order. */
class Statement {
  readonly values: unknown[] = [];
  constructor(readonly postgres: boolean) {}

  value(value: unknown): string {
    this.values.push(value);
    return this.postgres ? `$${this.values.length}` : `?${this.values.length}`;
  }
}

/** The typed text as a group compares it (a VIN upper case) and its length in characters. */
interface Needle {
  text: string;
  length: number;
}

const needleOf = (text: string, target: SearchedColumn): Needle => {
  const value = target.upperCase ? text.toUpperCase() : text;
  return { text: value, length: [...value].length };
};

const columnOf = (target: SearchedColumn) => `${target.table}.${target.column}`;

/**
 * `column like pattern`, ignoring case as the list filters do: SQLite's `like` already ignores ASCII
 * case; PostgreSQL's does not, so both sides are lowered there, except for a VIN (stored upper case,
 * the needle upper-cased), whose trigram index is on the column as stored.
 */
const like = (st: Statement, target: SearchedColumn, column: string, pattern: string): string =>
  !st.postgres || target.upperCase
    ? `${column} like ${st.value(pattern)} escape '!'`
    : `lower(${column}) like lower(${st.value(pattern)}) escape '!'`;

/**
 * A row's rank: a code 0 equal to the text, 1 ending with it (a VIN's or a number's serial, what
 * clerks type), 2 starting with it, 3 holding it elsewhere; a name 0 equal, 1 starting with it, 3 else.
 */
const rank = (st: Statement, target: SearchedColumn, needle: Needle): string => {
  const column = columnOf(target);
  const escaped = escapeLike(needle.text);
  const equal = like(st, target, column, escaped);
  const starts = like(st, target, column, `${escaped}%`);
  if (!target.serialTail) return `case when ${equal} then 0 when ${starts} then 1 else 3 end`;
  const ends = like(st, target, column, `%${escaped}`);
  return `case when ${equal} then 0 when ${ends} then 1 when ${starts} then 2 else 3 end`;
};

/**
 * Whether the row holds the whole text. The candidates come from a looser lookup (a code's last six
 * characters, FTS5's trigrams in any place and its wider case folding). PostgreSQL checks with
 * `strpos`, which no index serves, so that the planner reads the few candidates by their ids rather
 * than the trigram index a second time for a `like` it could serve (it did, for a VIN tail of 4).
 */
const holds = (st: Statement, target: SearchedColumn, needle: Needle): string => {
  const column = columnOf(target);
  if (!st.postgres) return like(st, target, column, `%${escapeLike(needle.text)}%`);
  return target.upperCase
    ? `strpos(${column}, ${st.value(needle.text)}) > 0`
    : `strpos(lower(${column}), lower(${st.value(needle.text)})) > 0`;
};

/**
 * The ids of the newest CANDIDATES rows containing the text (three characters or more). A code is looked
 * up by its last six characters, as `containsText` does (on PostgreSQL too: a whole contract number's
 * twelve trigrams took 3.4 ms in the GIN index, its last six's 0.3 ms); `holds` checks the whole text.
 *
 * SQLite: FTS5's rowids newest first, stopping at CANDIDATES, for the trigrams covering the text
 * (`ftsTrigrams`): a text most rows contain (`LFV`, `有限公司`) costs what a rare one does.
 *
 * `unless`: a statement whose rows, if any, make the lookup needless (the row equal to the text).
 *
 * PostgreSQL's GIN index returns its rows unordered, so all of them are read before the newest are kept
 * (36,000 vehicles for `LFV`: 55 ms warm); the planner's alternative, the primary key newest first with
 * the `like` as a filter, reads the whole table when the text is rarer than it guessed (3 of 60 VIN
 * tails of 4 at 500,000 vehicles: 210–245 ms each). So the index is read with the order hidden from
 * the planner (`id + 0`), which it then cannot walk. A text of three characters, which can be in tens
 * of thousands of rows, is first looked for in the newest RECENT_ROWS rows (a bounded walk of the
 * primary key); only when fewer than ENOUGH_RECENT of them hold it is the index read, which then
 * holds at most about that share of the table. `where (select count(*) …)` is a one-time filter: the
 * index branch does not run at all for a common text.
 */
const newest = (st: Statement, target: SearchedColumn, needle: Needle, unless?: string): string => {
  const looked = target.serialTail ? [...needle.text].slice(-SERIAL_TAIL).join('') : needle.text;
  const { table } = target;
  if (!st.postgres) {
    const fts = target.fts;
    // SQLite starts FTS5's lookup before a `where` on it is checked, but not under a limit of 0.
    const cap = unless ? `case when exists (${unless}) then 0 else ${CANDIDATES} end` : String(CANDIDATES);
    return `select rowid from ${fts} where ${fts} match ${st.value(ftsTrigrams(looked))} order by rowid desc limit ${cap}`;
  }
  if (unless) return `select * from (${newest(st, target, needle)}) as unless_equal where not exists (${unless})`;
  const pattern = `%${escapeLike(looked)}%`;
  const byIndex = `select ${table}.id from ${table} where ${like(st, target, columnOf(target), pattern)} order by ${table}.id + 0 desc limit ${CANDIDATES}`;
  if (needle.length > TRIGRAM_LENGTH) return byIndex;
  return `with recent as materialized (
      select walked.id from (select ${table}.id, ${columnOf(target)} from ${table} order by ${table}.id desc limit ${RECENT_ROWS}) as walked
      where ${like(st, target, `walked.${target.column}`, pattern)} order by walked.id desc limit ${CANDIDATES}
    )
    select id from recent
    union all
    select * from (${byIndex}) as older
    where (select count(*) from recent) < ${ENOUGH_RECENT}`;
};

/**
 * The ids a group ranks: the rows equal to the text (as typed, or upper-cased: numbers are usually
 * stored upper case), from the column's own index; from three characters on, also the newest
 * containing it; for one or two characters of a name, the newest holding that gram.
 */
const candidates = (st: Statement, target: SearchedColumn, needle: Needle): string => {
  const { table } = target;
  const column = columnOf(target);
  const upper = needle.text.toUpperCase();
  const equal =
    upper === needle.text
      ? `select ${table}.id from ${table} where ${column} = ${st.value(needle.text)}`
      : `select ${table}.id from ${table} where ${column} in (${st.value(needle.text)}, ${st.value(upper)})`;
  if (needle.length >= TRIGRAM_LENGTH) {
    // A whole number typed (a VIN, a contract's, a declaration's) answers that record: the numbers that
    // hold it besides are looked for only when none equals it (saves the trigram lookup a long number costs).
    return `${equal} union select * from (${newest(st, target, needle, target.serialTail ? equal : undefined)}) as newest`;
  }
  if (target !== CUSTOMER_NAME) return equal;
  // migration 2026_11_27_1100: every character and pair of each name, lowered as the database lowers.
  return `${equal} union select * from (
    select customer_id from customer_name_grams where gram = lower(${st.value(needle.text)})
    order by customer_id desc limit ${CANDIDATES}
  ) as newest`;
};

/** The group's own rows: candidates holding the text, best first, at most `limit`, with `hit_rank` and `hit_size` to order by. */
const best = (st: Statement, target: SearchedColumn, needle: Needle, columns: string, limit: number): string => {
  const size = target === CUSTOMER_NAME ? `length(${columnOf(target)})` : '0';
  return `select ${columns}, ${rank(st, target, needle)} as hit_rank, ${size} as hit_size from ${target.table}
    where ${target.table}.id in (${candidates(st, target, needle)}) and ${holds(st, target, needle)}
    order by hit_rank, hit_size, ${target.table}.id desc limit ${st.value(limit)}`;
};

const NO_TEXT = 'cast(null as text)';
const NO_NUMBER = 'cast(null as integer)';

/** Each kind's branch of the statement, in the columns of FoundRow plus hit_rank and hit_size. */
const branches: Record<SearchKind, (st: Statement, text: string, limit: number) => string> = {
  // The vehicles' contract numbers are joined to the few kept only.
  vehicles: (st, text, limit) =>
    `select ${KIND_NUMBER.vehicles} as kind, found.id, found.vin as label, found.model as detail, orders.order_no,
      ${NO_NUMBER} as order_id, ${NO_NUMBER} as purchase_id, ${NO_NUMBER} as type, found.hit_rank, found.hit_size
    from (${best(st, VEHICLE_VIN, needleOf(text, VEHICLE_VIN), 'vehicles.id, vehicles.vin, vehicles.model, vehicles.order_id', limit)}) as found
    left join orders on orders.id = found.order_id`,
  orders: (st, text, limit) =>
    `select * from (${best(
      st,
      ORDER_NO,
      needleOf(text, ORDER_NO),
      `${KIND_NUMBER.orders} as kind, orders.id, orders.order_no as label, orders.customer_name as detail,
        ${NO_TEXT} as order_no, ${NO_NUMBER} as order_id, ${NO_NUMBER} as purchase_id, ${NO_NUMBER} as type`,
      limit,
    )}) as orders_found`,
  purchases: (st, text, limit) =>
    `select * from (${best(
      st,
      PURCHASE_NO,
      needleOf(text, PURCHASE_NO),
      `${KIND_NUMBER.purchases} as kind, purchases.id, purchases.purchase_no as label, purchases.customer_name as detail,
        ${NO_TEXT} as order_no, ${NO_NUMBER} as order_id, ${NO_NUMBER} as purchase_id, ${NO_NUMBER} as type`,
      limit,
    )}) as purchases_found`,
  exports: (st, text, limit) =>
    `select ${KIND_NUMBER.exports} as kind, found.id, found.bgd_sn as label, ${NO_TEXT} as detail, orders.order_no,
      found.order_id, found.purchase_id, ${NO_NUMBER} as type, found.hit_rank, found.hit_size
    from (${best(
      st,
      EXPORT_BGD_SN,
      needleOf(text, EXPORT_BGD_SN),
      'export_declarations.id, export_declarations.bgd_sn, export_declarations.order_id, export_declarations.purchase_id',
      limit,
    )}) as found
    inner join orders on orders.id = found.order_id`,
  customers: (st, text, limit) =>
    `select * from (${best(
      st,
      CUSTOMER_NAME,
      needleOf(text, CUSTOMER_NAME),
      `${KIND_NUMBER.customers} as kind, customers.id, customers.name as label, ${NO_TEXT} as detail,
        ${NO_TEXT} as order_no, ${NO_NUMBER} as order_id, ${NO_NUMBER} as purchase_id, customers.type_id as type`,
      limit,
    )}) as customers_found`,
};

/** The rows of the kinds asked for that hold `text`, each kind at most `limit`, best first within a kind. */
export const findAll = async (
  db: Db,
  text: string,
  limit: number,
  kinds: readonly SearchKind[],
): Promise<(FoundRow & { kindName: SearchKind })[]> => {
  const st = new Statement(isPostgres(db));
  const statement = `select * from (${kinds.map((kind) => branches[kind](st, text, limit)).join('\nunion all\n')}) as found_all
    order by kind, hit_rank, hit_size, id desc`;
  const { rows } = await db.executeQuery<FoundRow>(CompiledQuery.raw(statement, st.values));
  const names = Object.fromEntries(Object.entries(KIND_NUMBER).map(([name, number]) => [number, name])) as Record<
    number,
    SearchKind
  >;
  return rows.map((row) => ({ ...row, kindName: names[Number(row.kind)] as SearchKind }));
};
