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
 * The one search box's groups (API.md `GET /api/search`), each kind at most `limit`, ranked: equal to
 * the text, then ending (a code) or starting with it, then the rest; newest first.
 *
 * - SQLite, and one or two characters on PostgreSQL: one statement with a branch per kind. Each branch
 *   reads at most CANDIDATES of the newest rows containing the text from an index (the column's FTS5
 *   trigrams; for one or two characters of a name, `customer_name_grams`), plus the rows equal to the
 *   text from the column's own index, and ranks those few: a text most rows contain costs what a rare
 *   one does, its best matches being looked for among the newest CANDIDATES only.
 * - PostgreSQL, three characters or more: `search_entries` (see findInEntries).
 *
 * The SQL is written out rather than built with Kysely's query builder: building and compiling five
 * groups' statements took a third of a search's CPU time (0.5 of 1.5 ms on SQLite).
 */

/** How many of the newest matches a group ranks. */
export const CANDIDATES = 50;
/**
 * PostgreSQL: how many matches of all kinds a search ranks at most. A text in tens of thousands of rows
 * (`LFV`: 36,000 VINs) took 160 ms reading and ranking them all; the index's first 5,000 take a few ms.
 * The first are in the order the table holds them, so a text that common in two kinds may show only
 * the first kind's (a three-digit text holds 2,600 rows of all kinds at 500,000 vehicles: all ranked).
 */
export const MATCHES_RANKED = 5000;

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
 * Whether the row holds the whole text. On SQLite the candidates come from a looser lookup (a code's
 * last six characters, two of its trigrams in any place, FTS5's wider case folding). PostgreSQL (one or
 * two characters here: exact values and names' grams) checks with `strpos`, which takes the text as
 * it is and which no index serves, so that the planner reads the few candidates by their ids.
 */
const holds = (st: Statement, target: SearchedColumn, needle: Needle): string => {
  const column = columnOf(target);
  if (!st.postgres) return like(st, target, column, `%${escapeLike(needle.text)}%`);
  return target.upperCase
    ? `strpos(${column}, ${st.value(needle.text)}) > 0`
    : `strpos(lower(${column}), lower(${st.value(needle.text)})) > 0`;
};

/**
 * SQLite: the ids of the newest CANDIDATES rows containing the text (three characters or more), FTS5's
 * rowids newest first for two of the text's trigrams (`ftsTrigrams`), stopping at CANDIDATES: a
 * text most rows contain (`LFV`, `有限公司`) costs what a rare one does. A code is looked up by its last
 * six characters, as `containsText` does; `holds` checks the whole text. `unless`: a statement whose
 * rows, if any, make the lookup needless (the row equal to the text); SQLite starts FTS5's lookup
 * before a `where` on it is checked, but not under a limit of 0.
 */
const newest = (st: Statement, target: SearchedColumn, needle: Needle, unless?: string): string => {
  const looked = target.serialTail ? [...needle.text].slice(-SERIAL_TAIL).join('') : needle.text;
  const fts = target.fts;
  const cap = unless ? `case when exists (${unless}) then 0 else ${CANDIDATES} end` : String(CANDIDATES);
  return `select rowid from ${fts} where ${fts} match ${st.value(ftsTrigrams(looked))} order by rowid desc limit ${cap}`;
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

/**
 * PostgreSQL, three characters or more: every kind from `search_entries` (migration 2026_11_27_1300),
 * one GIN index and one narrow table, instead of five tables' trigram indexes and rows (a VIN tail of
 * 4 at 500,000 vehicles: 4.3 ms of planning and execution for the five, 2.2 ms of it planning them;
 * 0.9 ms here plus 0.4 ms for the details). The matches are ranked within each kind by a window (at
 * most MATCHES_RANKED of them); then the kept rows' details are read by their ids. A kind where a value
 * equals the text keeps only those (a whole number typed), as on SQLite.
 */
const findInEntries = async (
  db: Db,
  text: string,
  limit: number,
  kinds: readonly SearchKind[],
): Promise<FoundRow[]> => {
  const st = new Statement(true);
  const escaped = escapeLike(text);
  const names = KIND_NUMBER.customers;
  // The index looks up the last six characters only (a whole contract number's first trigrams, `hw2`,
  // `202`, are in every contract: 3.4 ms of GIN for twelve characters, 0.3 ms for six); `strpos`, which
  // no index serves, keeps the rows holding the whole text.
  const characters = [...text];
  const looked =
    characters.length > SERIAL_TAIL
      ? `lower(value) like lower(${st.value(`%${escapeLike(characters.slice(-SERIAL_TAIL).join(''))}%`)}) escape '!'
          and strpos(lower(value), lower(${st.value(text)})) > 0`
      : `lower(value) like lower(${st.value(`%${escaped}%`)}) escape '!'`;
  const { rows: hits } = await db.executeQuery<{ kind: number; id: number; value: string }>(
    CompiledQuery.raw(
      `with hits as materialized (
        select kind, id, value,
          case when lower(value) = lower(${st.value(text)}) then 0
            when kind <> ${names} and lower(value) like lower(${st.value(`%${escaped}`)}) escape '!' then 1
            when lower(value) like lower(${st.value(`${escaped}%`)}) escape '!' then case when kind = ${names} then 1 else 2 end
            else 3 end as hit_rank,
          case when kind = ${names} then length(value) else 0 end as hit_size
        from search_entries
        where ${looked}
          and kind = any(${st.value(kinds.map((kind) => KIND_NUMBER[kind]))})
        limit ${MATCHES_RANKED}
      ), ranked as (
        select *, row_number() over (partition by kind order by hit_rank, hit_size, id desc) as place,
          min(hit_rank) over (partition by kind) as best_rank
        from hits
      )
      select kind, id, value from ranked
      where place <= ${st.value(limit)} and not (kind <> ${names} and best_rank = 0 and hit_rank > 0)
      order by kind, hit_rank, hit_size, id desc`,
      st.values,
    ),
  );
  if (hits.length === 0) return [];
  const idsOf = (kind: SearchKind) => hits.filter((hit) => hit.kind === KIND_NUMBER[kind]).map((hit) => hit.id);
  const details = new Statement(true);
  const ids = (kind: SearchKind) => `any(${details.value(idsOf(kind))}::integer[])`;
  // Each kind's details by id; only the kinds found are asked (planning the five took 0.4 ms).
  const detailsOf: Record<SearchKind, () => string> = {
    vehicles: () => `select ${KIND_NUMBER.vehicles} as kind, vehicles.id, vehicles.model as detail, orders.order_no,
        ${NO_NUMBER} as order_id, ${NO_NUMBER} as purchase_id, ${NO_NUMBER} as type
      from vehicles left join orders on orders.id = vehicles.order_id where vehicles.id = ${ids('vehicles')}`,
    orders: () => `select ${KIND_NUMBER.orders} as kind, id, customer_name as detail, ${NO_TEXT} as order_no,
        ${NO_NUMBER} as order_id, ${NO_NUMBER} as purchase_id, ${NO_NUMBER} as type
      from orders where id = ${ids('orders')}`,
    purchases: () => `select ${KIND_NUMBER.purchases} as kind, id, customer_name as detail, ${NO_TEXT} as order_no,
        ${NO_NUMBER} as order_id, ${NO_NUMBER} as purchase_id, ${NO_NUMBER} as type
      from purchases where id = ${ids('purchases')}`,
    exports:
      () => `select ${KIND_NUMBER.exports} as kind, export_declarations.id, ${NO_TEXT} as detail, orders.order_no,
        export_declarations.order_id, export_declarations.purchase_id, ${NO_NUMBER} as type
      from export_declarations join orders on orders.id = export_declarations.order_id
      where export_declarations.id = ${ids('exports')}`,
    customers: () => `select ${KIND_NUMBER.customers} as kind, id, ${NO_TEXT} as detail, ${NO_TEXT} as order_no,
        ${NO_NUMBER} as order_id, ${NO_NUMBER} as purchase_id, type_id as type
      from customers where id = ${ids('customers')}`,
  };
  const found = kinds.filter((kind) => idsOf(kind).length > 0);
  const { rows } = await db.executeQuery<Omit<FoundRow, 'label'>>(
    CompiledQuery.raw(found.map((kind) => detailsOf[kind]()).join('\nunion all\n'), details.values),
  );
  const byKey = new Map(rows.map((row) => [`${row.kind}:${row.id}`, row]));
  // A record deleted between the two statements is left out.
  return hits.flatMap((hit) => {
    const row = byKey.get(`${hit.kind}:${hit.id}`);
    return row ? [{ ...row, kind: hit.kind, id: hit.id, label: hit.value }] : [];
  });
};

/** The rows of the kinds asked for that hold `text`, each kind at most `limit`, best first within a kind. */
export const findAll = async (
  db: Db,
  text: string,
  limit: number,
  kinds: readonly SearchKind[],
): Promise<(FoundRow & { kindName: SearchKind })[]> => {
  const postgres = isPostgres(db);
  let rows: FoundRow[];
  if (postgres && [...text].length >= TRIGRAM_LENGTH) {
    rows = await findInEntries(db, text, limit, kinds);
  } else {
    const st = new Statement(postgres);
    const statement = `select * from (${kinds.map((kind) => branches[kind](st, text, limit)).join('\nunion all\n')}) as found_all
      order by kind, hit_rank, hit_size, id desc`;
    rows = (await db.executeQuery<FoundRow>(CompiledQuery.raw(statement, st.values))).rows;
  }
  const names = Object.fromEntries(Object.entries(KIND_NUMBER).map(([name, number]) => [number, name])) as Record<
    number,
    SearchKind
  >;
  return rows.map((row) => ({ ...row, kindName: names[Number(row.kind)] as SearchKind }));
};
