import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from './database';

/**
 * The copy of a SQLite database the server makes before it runs pending migrations: `VACUUM INTO` a file
 * beside the database (the folder an office's IT already backs up, and the one the desktop menu opens),
 * named with the time of the copy and the schema version it holds, e.g.
 * `app.upgrade-backup.2026-11-24T07-52-29-123Z.schema-2026_11_24_1900.db`. The last three are kept.
 */

/** How many upgrade backups stay beside the database; older ones are deleted after a new one is made. */
export const KEPT_UPGRADE_BACKUPS = 3;

const MARK = '.upgrade-backup.';

const parts = (databaseFile: string) => {
  const ext = extname(databaseFile) || '.db';
  const stem = basename(databaseFile, extname(databaseFile));
  return { dir: dirname(databaseFile), stem, ext };
};

/**
 * UTC with milliseconds and no `:` (Windows refuses it in file names): fixed width, so the names sort in
 * the order they were made, whatever the PC's time zone.
 */
const stamp = (at: Date) => at.toISOString().replace(/:/g, '-').replace('.', '-');

/** The schema version is the date-and-number prefix of the last migration the database holds. */
export const schemaVersionOf = (migrationName: string): string =>
  /^\d{4}_\d{2}_\d{2}_\d{4}/.exec(migrationName)?.[0] ?? migrationName;

export const upgradeBackupName = (databaseFile: string, at: Date, lastMigration: string): string => {
  const { dir, stem, ext } = parts(databaseFile);
  return join(dir, `${stem}${MARK}${stamp(at)}.schema-${schemaVersionOf(lastMigration)}${ext}`);
};

/** The upgrade backups beside this database, oldest first. */
export const listUpgradeBackups = (databaseFile: string): string[] => {
  const { dir, stem, ext } = parts(databaseFile);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${stem}${MARK}`) && name.endsWith(ext))
    .sort()
    .map((name) => join(dir, name));
};

/** A database file with its WAL companions (a backup opened once in WAL mode may have left them). */
const removeDatabaseFile = (file: string) => {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) rmSync(path, { force: true });
};

/**
 * Copies the database with `VACUUM INTO` (a consistent copy of every commit, WAL included, from the
 * server's own connection) and then deletes all but the newest KEPT_UPGRADE_BACKUPS. Answers the copy's
 * path. A copy that fails halfway is removed, so that no half file passes for a backup.
 */
export const makeUpgradeBackup = async (
  db: Db,
  databaseFile: string,
  lastMigration: string,
  at: Date = new Date(),
): Promise<string> => {
  const target = upgradeBackupName(databaseFile, at, lastMigration);
  const existed = existsSync(target);
  try {
    await sql`vacuum into ${target}`.execute(db);
  } catch (error) {
    if (!existed) removeDatabaseFile(target);
    throw error;
  }
  const backups = listUpgradeBackups(databaseFile);
  for (const old of backups.slice(0, Math.max(0, backups.length - KEPT_UPGRADE_BACKUPS))) removeDatabaseFile(old);
  return target;
};
