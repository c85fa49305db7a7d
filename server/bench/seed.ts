/**
 * Seeds the load bench's database (seed-data.ts says what it holds) through the project's own
 * migrations, so the schema is the real one, with multi-row inserts in big chunks inside one transaction
 * (SQLite also with its bulk pragmas). A seeded database is kept: SQLite as a file in `.bench/`, named
 * by scale and schema version; PostgreSQL is left in place and skipped when its counts match.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { parseDatabaseUrl } from '../src/config';
import { createDatabase, type Db } from '../src/db/database';
import { migrateToLatest, migrations } from '../src/db/migrate';
import { carsOf, planFor, purchasesOf, receiptsOf, type SeedPlan } from './seed-data';
import { type AnyDb, ChunkedWriter } from './chunked-writer';
import { writeFilingRecords, writeVehicleHistory } from './seed-filing';
import { writeProfitFigures } from './seed-profit';
import { writeDeadlines } from './seed-deadlines';
import { type SeedCounts, writeAll } from './seed-rows';

/** Bump when seed-data.ts changes what it writes: cached databases of an older seed are not reused. */
const SEED_VERSION = 8;

/** Schema version: the migrations' names, so a new migration means a new cached database. */
export const schemaKey = (): string =>
  createHash('sha256')
    .update(`${SEED_VERSION}:${Object.keys(migrations).join(',')}`)
    .digest('hex')
    .slice(0, 10);

export interface SeedResult {
  url: string;
  counts: SeedCounts;
  /** Null when the cached database was used. */
  seededMs: number | null;
}

/** What a seeded database should count, read from the plan without writing anything. */
const expectedCounts = (plan: SeedPlan) => {
  let vehicles = 0;
  let receipts = 0;
  let purchases = 0;
  for (let i = 0; i < plan.orders; i += 1) {
    vehicles += carsOf(i);
    receipts += receiptsOf(plan, i);
    purchases += purchasesOf(plan, i);
  }
  return { orders: plan.orders, vehicles, receipts, purchases, customers: plan.customers };
};

const countsOf = async (db: Db) => {
  const count = async (table: 'orders' | 'vehicles' | 'receipts' | 'purchases' | 'customers') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    orders: await count('orders'),
    vehicles: await count('vehicles'),
    receipts: await count('receipts'),
    purchases: await count('purchases'),
    customers: await count('customers'),
  };
};

const sameCounts = (a: Record<string, number>, b: Record<string, number>) =>
  Object.keys(a).every((key) => a[key] === b[key]);

const IDENTITY_TABLES = [
  'users',
  'customers',
  'orders',
  'vehicles',
  'receipts',
  'purchases',
  'remits',
  'vin_corrections',
  'check_ins',
  'platings',
  'transfers',
  'release_passes',
];

/** Indexes made by `create index` (not those behind a primary key or unique constraint), with their SQL. */
const secondaryIndexes = async (db: Db, kind: 'sqlite' | 'postgres') => {
  if (kind === 'sqlite') {
    const rows = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
      where type = 'index' and sql is not null and tbl_name not like 'sqlite_%'`.execute(db);
    return rows.rows.map((row) => ({ name: row.name, definition: row.sql }));
  }
  const rows = await sql<{ name: string; definition: string }>`select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = 'public'
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db);
  return rows.rows;
};

/**
 * The schema the seed writes: the tables as the first migrations made them. Later migrations (search
 * indexes, counters, …) then run on the seeded rows as they would on a company's database, building
 * what they derive from them; their triggers do not slow the seed down.
 */
const SEED_SCHEMA = '2026_11_23_1000_create_login_throttle';

const seedInto = async (url: string, plan: SeedPlan, log: (line: string) => void): Promise<SeedCounts> => {
  const config = parseDatabaseUrl(url, process.cwd());
  const db = createDatabase(config);
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(SEED_SCHEMA);
    if (error) throw error;
    if (config.kind === 'sqlite') {
      // Bulk pragmas: nothing to recover if the seed dies (the file is renamed into place only at the end).
      await sql`pragma journal_mode = off`.execute(db);
      await sql`pragma synchronous = off`.execute(db);
      await sql`pragma foreign_keys = off`.execute(db);
      await sql`pragma cache_size = -262144`.execute(db);
      await sql`pragma temp_store = memory`.execute(db);
    }
    const counts = await db.transaction().execute(async (trx) => {
      // Secondary indexes are dropped and made again from their own definitions after the rows are in:
      // one sort per index instead of a million scattered B-tree inserts. Unique constraints stay.
      const indexes = await secondaryIndexes(trx, config.kind);
      for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
      const writer = new ChunkedWriter(trx as unknown as AnyDb, config.kind);
      const written = await writeAll(writer, plan);
      for (const index of indexes) await sql.raw(index.definition).execute(trx);
      const filing = await writeFilingRecords(trx, config.kind);
      log(
        `  filing records: ${Object.entries(filing)
          .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
          .join(', ')}`,
      );
      return written;
    });
    if (config.kind === 'postgres') {
      // Explicit ids leave the identity sequences behind: move them past the rows.
      for (const table of IDENTITY_TABLES) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1))`.execute(
          db,
        );
      }
    }
    const derived = performance.now();
    const ran = await migrateToLatest(db);
    if (ran.length > 0)
      log(
        `  later migrations on the seeded rows (${((performance.now() - derived) / 1000).toFixed(1)} s): ${ran.join(', ')}`,
      );
    const historyStarted = performance.now();
    const links = await writeVehicleHistory(db, config.kind);
    log(
      `  history of the filed vehicles: ${links.toLocaleString('en-US')} vehicle links (${((performance.now() - historyStarted) / 1000).toFixed(1)} s)`,
    );
    const profitStarted = performance.now();
    const profit = await writeProfitFigures(db);
    log(
      `  profit (${((performance.now() - profitStarted) / 1000).toFixed(1)} s): ${Object.entries(profit)
        .map(([what, n]) => `${what} ${n.toLocaleString('en-US')}`)
        .join(', ')}`,
    );
    const deadlinesStarted = performance.now();
    const deadlines = await writeDeadlines(
      db,
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()),
    );
    log(
      `  deadlines (${((performance.now() - deadlinesStarted) / 1000).toFixed(1)} s): ${Object.entries(deadlines)
        .map(([what, n]) => `${what} ${n.toLocaleString('en-US')}`)
        .join(', ')}`,
    );
    // PostgreSQL: what autovacuum would have done by the time a real database held these rows.
    if (config.kind === 'postgres') await sql`analyze`.execute(db);
    // SQLite: no ANALYZE (the server's own statistics, or their absence, are part of what is measured);
    // everything in the main file before it is renamed (the server turns WAL on again).
    else await sql`pragma journal_mode = delete`.execute(db);
    log(
      `  ${Object.entries(counts)
        .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
        .join(', ')}`,
    );
    return counts;
  } finally {
    await db.destroy();
  }
};

const withCounts = (counts: Awaited<ReturnType<typeof countsOf>>): SeedCounts => ({
  ...counts,
  remits: Number.NaN,
  vin_corrections: Number.NaN,
  users: Number.NaN,
  check_ins: Number.NaN,
  platings: Number.NaN,
  transfers: Number.NaN,
  release_passes: Number.NaN,
});

export const BENCH_DIR = join(process.cwd(), '.bench');

/** A seeded SQLite file for this scale and schema, made if missing. */
export const seedSqlite = async (scale: number, log: (line: string) => void): Promise<SeedResult> => {
  mkdirSync(BENCH_DIR, { recursive: true });
  const file = join(BENCH_DIR, `sqlite-s${scale}-${schemaKey()}.db`);
  const url = `sqlite:${file}`;
  const plan = planFor(scale);
  if (existsSync(file)) {
    const db = createDatabase(parseDatabaseUrl(url, process.cwd()));
    try {
      const counts = await countsOf(db);
      if (sameCounts(expectedCounts(plan), counts)) return { url, counts: withCounts(counts), seededMs: null };
    } finally {
      await db.destroy();
    }
    log(`  ${file}: counts differ, seeding again`);
  }
  const partial = `${file}.partial`;
  for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(leftover, { force: true });
  const started = performance.now();
  const counts = await seedInto(`sqlite:${partial}`, plan, log);
  const seededMs = performance.now() - started;
  for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  renameSync(partial, file);
  return { url, counts, seededMs };
};

/** Seeds the PostgreSQL database at `url` (the bench's own) unless it already holds this scale and schema. */
export const seedPostgres = async (url: string, scale: number, log: (line: string) => void): Promise<SeedResult> => {
  const plan = planFor(scale);
  const db = createDatabase(parseDatabaseUrl(url, process.cwd()));
  try {
    const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
      where table_schema = 'public' and table_name = 'kysely_migration'`.execute(db);
    if (tables.rows[0]?.n === 1) {
      const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      const sameSchema = ran.rows.map((row) => row.name).join(',') === Object.keys(migrations).sort().join(',');
      if (sameSchema) {
        const counts = await countsOf(db);
        if (sameCounts(expectedCounts(plan), counts)) return { url, counts: withCounts(counts), seededMs: null };
      }
    }
    log('  PostgreSQL: emptying the bench database (public schema) and seeding');
    await sql`drop schema if exists public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  } finally {
    await db.destroy();
  }
  const started = performance.now();
  const counts = await seedInto(url, plan, log);
  return { url, counts, seededMs: performance.now() - started };
};
