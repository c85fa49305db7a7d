import { mkdirSync, realpathSync } from 'node:fs';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Migrator, sql } from 'kysely';
import { buildApp, type BuildAppOptions } from './app';
import { type AppConfig, ConfigError, type Env, parseConfig } from './config';
import { createDatabase } from './db/database';
import type { Db } from './db/database';
import { MigrationError, migrateToLatest, migrations } from './db/migrate';
import { applyPendingRestore, finishRestore } from './platform/backup/restore';
import {
  refreshStatisticsAfterChanges,
  refreshStatisticsAtStart,
  STATISTICS_REFRESH_INTERVAL_MS,
} from './db/statistics';

/**
 * The server's command line (`npm run server` = `tsx server/src/main.ts serve`):
 *   serve [--web <dir>]  migrate, then listen (and serve the built renderer from <dir>)
 *   migrate              bring the database schema up to date
 *   backup <file>        copy the SQLite database with VACUUM INTO (PostgreSQL: pg_dump)
 * and `startServer`, which the Electron embedded server calls with its own config.
 */

export interface RunningServer {
  /** Where clients reach it, e.g. `http://127.0.0.1:8787` (the real port when PORT is 0). */
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** `0.0.0.0` and `::` are not addresses a client can call; show the loopback one instead. */
const reachableHost = (host: string): string => {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
};

/** Every hour while the server runs, as a timed job (platform/jobs): on one server of the office at a time. */
const keepStatisticsFresh = (app: FastifyInstance) => {
  app.ctx.jobs.add({
    name: 'db.statistics',
    intervalMs: STATISTICS_REFRESH_INTERVAL_MS,
    run: () => refreshStatisticsAfterChanges(app.ctx.db),
  });
};

export interface StartHooks {
  /** An upgrade (backup and migrations) of a database holding data begins: it may take minutes. */
  onUpgradeStart?: () => void;
}

/** A database that holds data and has migrations pending: its upgrade is about to copy and change it. */
const upgradePending = async (db: Db): Promise<boolean> => {
  const known = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).getMigrations();
  return known.some((migration) => migration.executedAt) && known.some((migration) => !migration.executedAt);
};

/** Migrates, then listens. No process exits and no argv: the embedded server runs it inside Electron. */
export const startServer = async (
  config: AppConfig,
  options: BuildAppOptions = {},
  hooks: StartHooks = {},
): Promise<RunningServer> => {
  mkdirSync(config.storageDir, { recursive: true });
  // A restore asked for from the page switches the database before anything opens it (platform/backup).
  const restore = await applyPendingRestore(config);
  const app = await buildApp(config, options);
  try {
    // The upgrade backup joins the backup folder's scheme when there is one; the copy beside the
    // database (migrate.ts) is still made and still required.
    if (config.database.kind === 'sqlite' && config.backupDir && (await upgradePending(app.ctx.db))) {
      hooks.onUpgradeStart?.();
      await app.backup.run('upgrade').catch((error: unknown) => {
        app.log.warn({ error: (error as Error).message }, 'upgrade backup into the backup folder failed');
      });
    }
    // Before pending migrations a SQLite database is copied beside itself; a failure's Chinese message
    // names the copy and reaches the desktop's start failure through the thrown error (server-process-runner).
    const migrated = await migrateToLatest(app.ctx.db, {
      database: config.database,
      log: (line) => app.log.info(line),
      onUpgradeStart: hooks.onUpgradeStart,
    });
    // Before the first request: the planner must not choose from missing statistics (db/statistics.ts).
    await refreshStatisticsAtStart(app.ctx.db, migrated);
    if (restore) {
      await finishRestore(app.ctx.db, app.ctx.storage, restore);
      app.log.info({ backup: restore.name, keptAside: restore.keptAside }, 'restored from a backup');
    }
    keepStatisticsFresh(app);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // The server's log keeps the clerk's message too (the desktop shows it from the thrown error).
    if (error instanceof MigrationError) app.log.error(error.message);
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  const url = `${config.tls ? 'https' : 'http'}://${reachableHost(config.host)}:${port}`;
  return { url, app, close: () => app.close() };
};

export type CliCommand =
  | { name: 'serve'; webDir: string | null }
  | { name: 'migrate' }
  | { name: 'backup'; file: string }
  | { name: 'help'; error: string | null };

export const USAGE = [
  '用法：tsx server/src/main.ts <命令>',
  '  serve [--web <目录>]  迁移数据库后启动服务器；--web 同时提供该目录中构建好的界面',
  '  migrate              执行数据库迁移',
  '  backup <文件>         备份 SQLite 数据库（VACUUM INTO）；PostgreSQL 请用 pg_dump',
  '环境变量：PORT HOST DATABASE_URL STORAGE_DIR BACKUP_DIR CORS_ORIGINS TZ TLS_CERT TLS_KEY WEB_DIR TRUST_PROXY RATE_LIMIT_PER_MINUTE',
  '          ALLOWED_HOSTS EXPORT_CONCURRENCY EXPORTS_MAX_MB UPDATES_DIR PASSWORD_HASH_CONCURRENCY PASSWORD_HASH_QUEUE',
  '          PASSWORD_HASH_PER_ADDRESS（说明见 README）',
].join('\n');

export const parseCommand = (argv: readonly string[]): CliCommand => {
  const [name, ...rest] = argv;
  switch (name) {
    case 'serve': {
      if (rest.length === 0) return { name: 'serve', webDir: null };
      if (rest[0] === '--web' && rest[1] && rest.length === 2) return { name: 'serve', webDir: rest[1] };
      return { name: 'help', error: `serve 的参数不正确：${rest.join(' ')}` };
    }
    case 'migrate':
      return rest.length === 0 ? { name: 'migrate' } : { name: 'help', error: 'migrate 不接受参数' };
    case 'backup':
      return rest.length === 1 && rest[0]
        ? { name: 'backup', file: rest[0] }
        : { name: 'help', error: '请指定备份文件' };
    case undefined:
    case 'help':
    case '--help':
      return { name: 'help', error: null };
    default:
      return { name: 'help', error: `未知命令：${name}` };
  }
};

export interface CliIo {
  log(message: string): void;
  error(message: string): void;
}

const migrate = async (config: AppConfig, io: CliIo): Promise<number> => {
  const db = createDatabase(config.database);
  try {
    const ran = await migrateToLatest(db, { database: config.database, log: (line) => io.log(line) });
    // PostgreSQL: what the migrations created gets its statistics now (db/statistics.ts).
    await refreshStatisticsAtStart(db, ran);
    io.log(ran.length === 0 ? '数据库已是最新' : `已执行迁移：\n${ran.map((name) => `  ${name}`).join('\n')}`);
    return 0;
  } finally {
    await db.destroy();
  }
};

/** A consistent copy while the server keeps running (DESIGN.md: VACUUM INTO from a connection of its own). */
const backup = async (config: AppConfig, file: string, cwd: string, io: CliIo): Promise<number> => {
  if (config.database.kind === 'postgres') {
    io.error('PostgreSQL 数据库请用 pg_dump 备份，例如：pg_dump --format=custom --file=<备份文件> "<DATABASE_URL>"');
    return 1;
  }
  if (!existsSync(config.database.file)) {
    io.error(`找不到数据库文件：${config.database.file}`);
    return 1;
  }
  const target = resolve(cwd, file);
  if (existsSync(target)) {
    io.error(`备份文件已存在，请换一个文件名：${target}`);
    return 1;
  }
  mkdirSync(dirname(target), { recursive: true });
  const db = createDatabase(config.database);
  try {
    await sql`vacuum into ${target}`.execute(db);
  } finally {
    await db.destroy();
  }
  io.log(`数据库已备份到：${target}\n请同时复制文件目录：${config.storageDir}`);
  return 0;
};

/**
 * Listens, and restarts in this process when a restore asks for it (platform/backup/restore.ts): the
 * one server of a SQLite office closes, the start switches the database, and it listens again on the
 * same port. The answer's `url`, `app` and `close` follow the server that runs now.
 */
const serve = async (config: AppConfig, io: CliIo, appOptions: BuildAppOptions): Promise<RunningServer> => {
  let server: RunningServer;
  let settings = config;
  const restart = () => {
    void (async () => {
      await server.close();
      server = await startServer(settings, { ...appOptions, restart });
      io.log(`已按所选备份重新启动：${server.url}`);
    })().catch((error: unknown) => {
      io.error(`恢复备份后重新启动失败：${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    });
  };
  server = await startServer(config, { ...appOptions, restart });
  settings = { ...config, port: (server.app.server.address() as AddressInfo).port };
  io.log(`服务器已启动：${server.url}`);
  io.log(
    `数据库：${config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL'}；文件目录：${config.storageDir}`,
  );
  if (config.webDir) io.log(`界面：${server.url}/（${config.webDir}）`);
  return {
    get url() {
      return server.url;
    },
    get app() {
      return server.app;
    },
    close: () => server.close(),
  };
};

/**
 * Runs one command. Answers the exit code, or, for `serve`, the running server (the caller keeps the
 * process alive and closes it on a signal).
 */
export const runCli = async (
  argv: readonly string[],
  env: Env,
  cwd: string,
  io: CliIo = console,
  appOptions: BuildAppOptions = {},
): Promise<number | RunningServer> => {
  const command = parseCommand(argv);
  if (command.name === 'help') {
    if (command.error) io.error(command.error);
    io.log(USAGE);
    return command.error ? 2 : 0;
  }
  let config: AppConfig;
  try {
    config = parseConfig(command.name === 'serve' && command.webDir ? { ...env, WEB_DIR: command.webDir } : env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.error(error.message);
      return 2;
    }
    throw error;
  }
  switch (command.name) {
    case 'migrate':
      return migrate(config, io);
    case 'backup':
      return backup(config, command.file, cwd, io);
    case 'serve':
      return serve(config, io, appOptions);
  }
};

/** True when this file is the program being run (`tsx server/src/main.ts …`), never inside Electron. */
const isEntryPoint = (): boolean => {
  const entry = process.argv[1];
  if (!entry || 'electron' in process.versions) return false;
  try {
    return realpathSync(resolve(entry)) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
};

if (isEntryPoint()) {
  runCli(process.argv.slice(2), process.env, process.cwd()).then(
    (result) => {
      if (typeof result === 'number') {
        process.exitCode = result;
        return;
      }
      const stop = () => {
        result.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
