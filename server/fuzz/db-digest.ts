import { sql } from 'kysely';
import type { Db } from '../src/db/database';

/**
 * A snapshot of every row of every table, to prove that a refused request wrote nothing. The tables
 * are listed from the database itself (sqlite_master, information_schema), so a table added by a later
 * migration is watched without being named here. Rows are kept as text lines in primary-key order: the
 * test database is small, and a difference can then be shown row by row instead of as two unequal
 * hashes.
 */

export interface DigestOptions {
  /** Tables whose writes are allowed on a refused request (say why where the option is given). */
  ignoreTables?: readonly string[];
  /** `table.column` values that change on every authenticated call (a session's last use). */
  ignoreColumns?: readonly string[];
}

/** Per table, its rows as text lines in primary-key order. */
export type Digest = ReadonlyMap<string, string>;

export interface DbDigest {
  take(): Promise<Digest>;
}

interface TableShape {
  name: string;
  /** Columns in the digest (the ignored ones left out). */
  columns: string[];
  /** Primary-key columns, for a stable row order (every column when there is none). */
  key: string[];
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const tableShapes = async (db: Db, kind: 'sqlite' | 'postgres', ignoredColumns: ColumnSet): Promise<TableShape[]> => {
  const columns =
    kind === 'sqlite'
      ? sql<{ table_name: string; column_name: string; pk: number }>`
          select m.name as table_name, c.name as column_name, c.pk as pk
          from sqlite_master m join pragma_table_info(m.name) c
          where m.type = 'table' and m.name not like 'sqlite_%'
          order by m.name, c.cid`
      : sql<{ table_name: string; column_name: string; pk: number }>`
          select c.table_name, c.column_name,
            coalesce((select k.ordinal_position from information_schema.table_constraints tc
              join information_schema.key_column_usage k
                on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
              where tc.table_schema = c.table_schema and tc.table_name = c.table_name
                and tc.constraint_type = 'PRIMARY KEY' and k.column_name = c.column_name), 0) as pk
          from information_schema.columns c join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
          order by c.table_name, c.ordinal_position`;
  const shapes = new Map<string, TableShape & { keyed: [number, string][] }>();
  for (const row of (await columns.execute(db)).rows) {
    const shape = shapes.get(row.table_name) ?? { name: row.table_name, columns: [], key: [], keyed: [] };
    shapes.set(row.table_name, shape);
    if (Number(row.pk) > 0) shape.keyed.push([Number(row.pk), row.column_name]);
    if (!ignoredColumns.get(row.table_name)?.has(row.column_name)) shape.columns.push(row.column_name);
  }
  return [...shapes.values()].map(({ name, columns: kept, keyed }) => ({
    name,
    columns: kept,
    key: keyed.length > 0 ? keyed.sort((a, b) => a[0] - b[0]).map(([, column]) => column) : kept,
  }));
};

/**
 * One statement reads the whole database: per table, its rows as text lines in key order, joined by
 * the database itself (one round trip, no row objects to build), so that a digest before and after
 * every request stays cheap.
 */
const digestQuery = (kind: 'sqlite' | 'postgres', tables: readonly TableShape[]): string => {
  const parts = tables.map((table, index) => {
    const order = table.key.map(quoteIdent).join(', ');
    const line =
      kind === 'sqlite'
        ? table.columns.map((column) => `quote(${quoteIdent(column)})`).join(` || ',' || `)
        : `row(${table.columns.map((column) => `x.${quoteIdent(column)}`).join(', ')})::text`;
    const lines =
      kind === 'sqlite'
        ? `(select group_concat(line, char(10)) from (select ${line} as line from ${quoteIdent(table.name)} order by ${order}))`
        : `(select string_agg(${line}, chr(10) order by ${table.key.map((column) => `x.${quoteIdent(column)}`).join(', ')}) from ${quoteIdent(table.name)} x)`;
    return `${lines} as t${index}`;
  });
  return `select ${parts.join(', ')}`;
};

type ColumnSet = Map<string, Set<string>>;

export const createDbDigest = (db: Db, kind: 'sqlite' | 'postgres', options: DigestOptions = {}): DbDigest => {
  const ignoredTables = new Set(options.ignoreTables ?? []);
  const ignoredColumns: ColumnSet = new Map();
  for (const entry of options.ignoreColumns ?? []) {
    const [table = '', column = ''] = entry.split('.');
    if (!ignoredColumns.has(table)) ignoredColumns.set(table, new Set());
    ignoredColumns.get(table)?.add(column);
  }
  let prepared: { tables: TableShape[]; query: string } | undefined;

  return {
    take: async () => {
      if (!prepared) {
        const tables = (await tableShapes(db, kind, ignoredColumns)).filter((table) => !ignoredTables.has(table.name));
        prepared = { tables, query: digestQuery(kind, tables) };
      }
      const { tables, query } = prepared;
      const { rows } = await sql<Record<string, string | null>>`${sql.raw(query)}`.execute(db);
      const row = rows[0] ?? {};
      return new Map(tables.map((table, index) => [table.name, row[`t${index}`] ?? '']));
    },
  };
};

/** What changed between two snapshots, one line per table, with a changed row each way; empty when equal. */
export const digestChanges = (before: Digest, after: Digest): string[] => {
  const changes: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const oldText = before.get(table) ?? '';
    const nowText = after.get(table) ?? '';
    if (oldText === nowText) continue;
    const old = oldText === '' ? [] : oldText.split('\n');
    const now = nowText === '' ? [] : nowText.split('\n');
    const oldSet = new Set(old);
    const nowSet = new Set(now);
    const removed = old.filter((line) => !nowSet.has(line));
    const added = now.filter((line) => !oldSet.has(line));
    const sample = (line: string | undefined) => (line === undefined ? '-' : line.slice(0, 300));
    changes.push(
      `${table}: ${removed.length} row(s) gone or changed (${sample(removed[0])}), ` +
        `${added.length} row(s) new or changed (${sample(added[0])})`,
    );
  }
  return changes;
};
