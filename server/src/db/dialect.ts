import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
  PostgresDialect,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import Database from 'libsql';
import pg from 'pg';
import type { DatabaseConfig } from '../config';

const PG_INT8_OID = 20;

/**
 * SQLite through `libsql` (better-sqlite3 compatible, one N-API binary for Node and Electron), or
 * PostgreSQL through a `pg` pool. Both are opened lazily, at the first query, so that building an app
 * that is never used opens nothing.
 */
export const createDialect = (config: DatabaseConfig): Dialect => {
  if (config.kind === 'postgres') {
    return new PostgresDialect({
      pool: async () =>
        new pg.Pool({
          connectionString: config.url,
          max: 10,
          // No JIT: our queries are short, and where the planner overestimates one (a correlated lookup
          // per row of a newest-first walk) compiling it cost 70-600 ms for a query that runs in 20 ms.
          options: '-c jit=off',
          // Money is bigint fen and count(*) is bigint: read them as numbers. Integer fen stay far
          // below 2^53, so nothing is lost; the default would hand back strings.
          types: {
            getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
              oid === PG_INT8_OID
                ? (value: string) => Number(value)
                : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
          },
        }),
    });
  }
  return new ImmediateSqliteDialect({
    database: async () => {
      mkdirSync(dirname(config.file), { recursive: true });
      const database = new Database(config.file);
      // WAL: readers never block the writer and a crash loses no commit (DESIGN.md, measured).
      database.pragma('journal_mode = WAL');
      // SQLite leaves foreign keys off unless asked, per connection.
      database.pragma('foreign_keys = ON');
      // A backup or a second process may hold the lock for a moment: wait instead of failing.
      database.pragma('busy_timeout = 5000');
      return withStatementCache(database);
    },
  });
};

/** How many prepared statements one SQLite connection keeps: every query text the server builds, many times over. */
const STATEMENT_CACHE_SIZE = 1_000;

type SqliteStatement = ReturnType<Database.Database['prepare']>;

/**
 * The connection with its prepared statements kept for reuse, keyed by their SQL text (the parameters
 * are bound at each run). Kysely prepares every query afresh: parsing and planning were 7% of the
 * server's time under list traffic (a CPU profile at 16 connections). The queries are built from a
 * few hundred shapes, so a bounded map keeps them all; the least recently used goes when it is full.
 * A statement runs to its end before the next query on the one connection (Kysely's mutex), and each
 * run resets it, so reuse returns exactly what a fresh statement would; SQLite re-prepares a statement
 * by itself when a migration changed the schema.
 */
const withStatementCache = (database: Database.Database): SqliteDatabase => {
  const prepared = new Map<string, SqliteStatement>();
  const prepare = (text: string): SqliteStatement => {
    const kept = prepared.get(text);
    if (kept) {
      prepared.delete(text);
      prepared.set(text, kept);
      return kept;
    }
    const statement = database.prepare(text);
    if (prepared.size >= STATEMENT_CACHE_SIZE) prepared.delete(prepared.keys().next().value as string);
    prepared.set(text, statement);
    return statement;
  };
  return { prepare, close: () => database.close() };
};

/**
 * SQLite transactions begin IMMEDIATE: a transaction takes the write lock when it starts, waiting for it
 * (busy_timeout) while another connection writes. Kysely's plain `begin` is deferred: a transaction
 * that read first and then writes while another connection has committed fails at once with
 * SQLITE_BUSY_SNAPSHOT (no waiting can help it), and with libsql 0.5 that failed statement keeps its
 * read snapshot open, so the connection then reads old data until it is closed (found by two servers on
 * one file handing over the same purchase contract: a 500, then a session created afterwards unknown).
 * Within one server the connection's transactions are serialised anyway, so this costs nothing there.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * SQLite runs DDL inside transactions (a created table, index or trigger is gone after a rollback), but
 * Kysely's adapter says it does not, and so its Migrator would run the migrations without one: a
 * migration failing halfway would leave a half-upgraded database. Saying so makes the Migrator run an
 * upgrade in one transaction here as on PostgreSQL (migrate.ts); nothing else reads this flag.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
