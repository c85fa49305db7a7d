import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../../tests/helpers/test-database';
import { type DatabaseConfig, parseConfig, parseDatabaseUrl } from '../config';
import { startServer } from '../main';
import { createDatabase, type Db } from './database';
import { MigrationError, migrateToLatest, migrations } from './migrate';
import { listUpgradeBackups, upgradeBackupName } from './upgrade-backup';

/**
 * An upgrade, played on real databases: a database at the previous release's schema holding rows, then
 * the real migrations with test-only ones appended after them (one that works, one that fails after it
 * changed the schema and the rows).
 */

const names = Object.keys(migrations);
const lastReal = names[names.length - 1]!;
const previousRelease = names[names.length - 2]!;
const at = '2026-11-22T01:02:03.456Z';
const hasChinese = /[\u4e00-\u9fff]/;

/** A migration that changes the schema and the rows and then fails, as a broken release would. */
const failing: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('half_done')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .execute();
    await db.schema.alterTable('users').addColumn('nickname_pinyin', 'text').execute();
    await sql`update users set nickname = 'changed'`.execute(db);
    await sql`select * from table_that_does_not_exist`.execute(db);
  },
};

const adding =
  (table: string): Migration['up'] =>
  async (db: Kysely<unknown>) => {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .execute();
  };

const withFailing = {
  ...migrations,
  '2099_01_01_0000_test_create_extra': { up: adding('extra_from_test') },
  '2099_01_01_0001_test_fails': failing,
};

/** What a clerk's data is: the schema (tables, columns, indexes, triggers) and the rows. */
const snapshot = async (db: Db) => {
  const executed = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  const users = await db.selectFrom('users').select(['id', 'username', 'nickname']).orderBy('id').execute();
  const vehicles = await db.selectFrom('vehicles').select(['id', 'vin']).orderBy('id').execute();
  const schema =
    testDbKind() === 'postgres'
      ? (
          await sql<{ item: string }>`
            select 'column ' || table_name || '.' || column_name || ' ' || data_type as item
              from information_schema.columns where table_schema = 'public'
            union all select 'index ' || indexname || ' ' || indexdef from pg_indexes where schemaname = 'public'
            union all select 'trigger ' || tgname from pg_trigger t
              join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'public' and not t.tgisinternal
            order by 1`.execute(db)
        ).rows.map((row) => row.item)
      : (
          await sql<{ item: string }>`
            select type || ' ' || name || ' ' || coalesce(sql, '') as item from sqlite_master order by 1`.execute(db)
        ).rows.map((row) => row.item);
  return { executed: executed.rows.map((row) => row.name), users, vehicles, schema };
};

/** A database at the previous release's schema, with rows a clerk entered. */
const previousReleaseWithRows = async (db: Db) => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo(previousRelease)).error).toBeUndefined();
  const stamps = { created_at: at, updated_at: at };
  await db
    .insertInto('users')
    .values({ username: 'clerk', nickname: '张三', phone_number: '13800000000', password_hash: 'x', ...stamps })
    .execute();
  await db
    .insertInto('vehicles')
    .values({ vin: 'LSGAB1230RA200005', ...stamps })
    .execute();
};

const failureOf = async (promise: Promise<unknown>): Promise<Error> => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the upgrade to fail');
};

describe.runIf(testDbKind() === 'sqlite')('upgrading a SQLite database', () => {
  let dir: string;
  let config: Extract<DatabaseConfig, { kind: 'sqlite' }>;
  let db: Db;
  const lines: string[] = [];
  const log = (line: string) => void lines.push(line);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upgrade-test-'));
    config = parseDatabaseUrl(`sqlite:${join(dir, 'data', 'app.db')}`, dir) as typeof config;
    db = createDatabase(config);
    lines.length = 0;
  });

  afterEach(async () => {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('a failed migration leaves the database as it was, beside a backup that opens with the old data', async () => {
    await previousReleaseWithRows(db);
    const before = await snapshot(db);

    let upgradeStarts = 0;
    const onUpgradeStart = () => void (upgradeStarts += 1);
    const error = await failureOf(
      migrateToLatest(db, { database: config, log, migrations: withFailing, onUpgradeStart }),
    );
    expect(upgradeStarts).toBe(1);

    // Every change of the upgrade is undone: the real migration that ran, the test one, the failing one's half.
    expect(await snapshot(db)).toEqual(before);
    expect(before.executed).not.toContain(lastReal);

    const backups = listUpgradeBackups(config.file);
    expect(backups).toHaveLength(1);
    const backup = backups[0]!;
    expect(backup.startsWith(join(dir, 'data', 'app.upgrade-backup.'))).toBe(true);
    // Named with the time of the copy and the schema version it holds.
    expect(backup).toMatch(
      /app\.upgrade-backup\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.schema-\d{4}_\d{2}_\d{2}_\d{4}\.db$/,
    );
    expect(backup).toContain(`.schema-${previousRelease.slice(0, 15)}.db`);
    const copy = createDatabase({ kind: 'sqlite', file: backup });
    try {
      expect(await snapshot(copy)).toEqual(before);
    } finally {
      await copy.destroy();
    }

    // The clerk is told in Chinese, with the failing migration and where the backup is.
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toMatch(hasChinese);
    expect(error.message).toMatch(/^数据库升级失败/);
    expect(error.message).toContain('2099_01_01_0001_test_fails');
    expect(error.message).toContain(backup);
    expect(lines.some((line) => line.includes(backup))).toBe(true);
    expect(lines.some((line) => line.includes('table_that_does_not_exist'))).toBe(true);

    // The fixed release then upgrades the same database.
    expect(await migrateToLatest(db, { database: config, log })).toEqual([lastReal]);
    expect((await snapshot(db)).users).toEqual(before.users);
  });

  it('keeps the backups of the last three upgrades', async () => {
    await previousReleaseWithRows(db);
    let list: Record<string, Migration> = { ...migrations };
    const versions: string[] = [];
    for (let release = 1; release <= 4; release += 1) {
      const executed = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      versions.push(executed.rows[executed.rows.length - 1]!.name.slice(0, 15));
      const name = `2099_01_0${release}_0000_test_release_${release}`;
      list = { ...list, [name]: { up: adding(`release_${release}`) } };
      const ran = await migrateToLatest(db, { database: config, log, migrations: list });
      expect(ran[ran.length - 1]).toBe(name);
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct milliseconds in the names
    }
    const backups = listUpgradeBackups(config.file);
    expect(backups).toHaveLength(3);
    // The oldest (the copy before release 1, at the previous real release's schema) is gone.
    expect(backups.map((file) => /schema-(\d{4}_\d{2}_\d{2}_\d{4})\.db$/.exec(file)?.[1])).toEqual(versions.slice(1));
    // The newest holds release 3's schema: its table but not release 4's.
    const newest = createDatabase({ kind: 'sqlite', file: backups[2]! });
    try {
      const tables = (await newest.introspection.getTables()).map((table) => table.name);
      expect(tables).toContain('release_3');
      expect(tables).not.toContain('release_4');
    } finally {
      await newest.destroy();
    }
  });

  it('makes no backup of a new database, nor when nothing is pending', async () => {
    const onUpgradeStart = () => {
      throw new Error('not an upgrade of a database holding data');
    };
    expect(await migrateToLatest(db, { database: config, log, onUpgradeStart })).toEqual(names);
    expect(await migrateToLatest(db, { database: config, log, onUpgradeStart })).toEqual([]);
    expect(listUpgradeBackups(config.file)).toEqual([]);
    expect(readdirSync(join(dir, 'data')).filter((name) => !name.startsWith('app.db'))).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('does not upgrade when the backup cannot be made', async () => {
    await previousReleaseWithRows(db);
    const before = await snapshot(db);
    // A folder where the backup file would go: VACUUM INTO cannot write it.
    const now = new Date('2026-11-24T08:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'], now });
    mkdirSync(upgradeBackupName(config.file, now, previousRelease));
    try {
      const error = await failureOf(migrateToLatest(db, { database: config, log }));
      expect(error.message).toMatch(/^数据库升级前备份失败，未执行升级，数据库保持不变/);
      expect(lines.some((line) => line.startsWith('升级前备份出错：'))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(existsSync(upgradeBackupName(config.file, now, previousRelease))).toBe(true);
    expect(await snapshot(db)).toEqual(before);
  });

  it('the server does not start on a failed upgrade, and its log and error name the backup', async () => {
    await previousReleaseWithRows(db);
    // A table and a trigger someone made by hand; the trigger refuses the row that records a migration as
    // done, so the last migration fails for real, whatever it changes (it no longer needs to clash with it).
    await sql`create table hand_made (name text primary key, note text)`.execute(db);
    await sql`insert into hand_made (name, note) values ('手工', '手工数据')`.execute(db);
    await sql`create trigger hand_made_refuses before insert on kysely_migration
      begin select raise(abort, 'refused by a hand-made trigger'); end`.execute(db);
    const before = await snapshot(db);
    await db.destroy();

    const appConfig = parseConfig({ DATABASE_URL: `sqlite:${join(dir, 'data', 'app.db')}`, PORT: '0' }, dir);
    const logged: string[] = [];
    const stream = { write: (line: string) => void logged.push(line) };
    const error = await failureOf(startServer(appConfig, { logger: { level: 'info', stream } }));

    const [backup] = listUpgradeBackups(join(dir, 'data', 'app.db'));
    expect(backup && existsSync(backup)).toBeTruthy();
    expect(error.message).toContain(`迁移 ${lastReal} 出错`);
    expect(error.message).toContain(`升级前的备份在：${backup}`);
    expect(logged.join('\n')).toContain(`数据库升级前已备份到：${backup}`);
    expect(logged.join('\n')).toContain(error.message);

    db = createDatabase(appConfig.database);
    expect(await snapshot(db)).toEqual(before);
    expect(
      await db
        .selectFrom('hand_made' as never)
        .selectAll()
        .execute(),
    ).toEqual([{ name: '手工', note: '手工数据' }]);
  });
});

describe.runIf(testDbKind() === 'postgres')('upgrading a PostgreSQL database', () => {
  let testDb: TestDatabase;
  let db: Db;
  const lines: string[] = [];
  const log = (line: string) => void lines.push(line);

  beforeEach(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.config);
    lines.length = 0;
  });

  afterEach(async () => {
    await db.destroy();
    await testDb.cleanup();
  });

  it('a failed migration leaves the database as it was; no file copy, and the log says why', async () => {
    await previousReleaseWithRows(db);
    const before = await snapshot(db);

    const error = await failureOf(migrateToLatest(db, { database: testDb.config, log, migrations: withFailing }));

    expect(await snapshot(db)).toEqual(before);
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toMatch(/^数据库升级失败（迁移 2099_01_01_0001_test_fails 出错），所有改动已撤销/);
    expect(error.message).toContain('PostgreSQL 不做文件备份');
    expect(lines.some((line) => line.startsWith('PostgreSQL 数据库升级前不做文件备份'))).toBe(true);
    expect(readdirSync(testDb.dir)).toEqual([]);

    expect(await migrateToLatest(db, { database: testDb.config, log })).toEqual([lastReal]);
  });
});
