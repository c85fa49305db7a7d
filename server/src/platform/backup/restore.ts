import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { recordHistory } from '../history/record-history';
import type { Storage } from '../storage/storage';
import { backupNameOf, backupPath, DATABASE_FILE, readManifest, restoreStoredFiles } from './backup-folder';

/**
 * A restore happens at a start, before the database is opened: the page's request leaves a marker beside
 * the database (`app.db.restore.json`) and the host restarts the server (the desktop's main restarts its
 * embedded server; `main.ts serve` restarts in its own process). Switching files under an open
 * connection would be neither safe nor possible on Windows.
 *
 * The data before the restore is moved, never deleted, to `<data>/before-restore/<time>/` (the database
 * with its WAL). Stored files are never removed either: a file the backup names and the store no longer
 * has is put back, and files added since stay (their names are unique, nothing refers to them).
 */

export interface RestoreMarker {
  name: string;
  folder: string;
  userId: number | null;
  requestedAt: string;
  /** Where the data before the restore goes (named when asked, so the page's answer names it). */
  keptAside: string;
}

export const restoreMarkerOf = (databaseFile: string): string => `${databaseFile}.restore.json`;

export const asideFolderOf = (databaseFile: string, at: Date): string =>
  join(dirname(databaseFile), 'before-restore', backupNameOf(at));

export type PendingRestore = RestoreMarker;

const readMarker = (file: string): RestoreMarker | null => {
  try {
    const marker = JSON.parse(readFileSync(file, 'utf8')) as Partial<RestoreMarker>;
    if (typeof marker.name !== 'string' || typeof marker.folder !== 'string') return null;
    return {
      name: marker.name,
      folder: marker.folder,
      userId: typeof marker.userId === 'number' ? marker.userId : null,
      requestedAt: String(marker.requestedAt ?? ''),
      keptAside: typeof marker.keptAside === 'string' ? marker.keptAside : '',
    };
  } catch {
    return null;
  }
};

/**
 * Switches the database to the backup a marker names, if there is one. Answers what was done (for the
 * history once the server runs), or null. A backup that is gone or damaged leaves everything as it was.
 */
export const applyPendingRestore = async (config: AppConfig, at: Date = new Date()): Promise<PendingRestore | null> => {
  if (config.database.kind !== 'sqlite') return null;
  const databaseFile = config.database.file;
  const markerFile = restoreMarkerOf(databaseFile);
  if (!existsSync(markerFile)) return null;
  const marker = readMarker(markerFile);
  await rm(markerFile, { force: true });
  if (!marker || !(await readManifest(marker.folder, marker.name))) return null;
  // The copy first, beside the database: a failed copy changes nothing.
  const incoming = `${databaseFile}.restoring`;
  await copyFile(join(backupPath(marker.folder, marker.name), DATABASE_FILE), incoming);
  // Never into a folder that holds data already (a second restore in the same millisecond's name).
  const named = marker.keptAside && !existsSync(marker.keptAside) ? marker.keptAside : asideFolderOf(databaseFile, at);
  const aside = existsSync(named) ? `${named}-${process.pid}` : named;
  await mkdir(aside, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    const file = `${databaseFile}${suffix}`;
    if (existsSync(file)) await rename(file, join(aside, `${basename(databaseFile)}${suffix}`));
  }
  await rename(incoming, databaseFile);
  return { ...marker, keptAside: aside };
};

/** After the restored database is migrated: its missing files back, and the restore in its history. */
export const finishRestore = async (db: Db, storage: Storage, restore: PendingRestore): Promise<number> => {
  const restored = await restoreStoredFiles(storage, restore.folder, restore.name);
  // The account may not exist in the restored data (made after the backup): then 系统.
  const user =
    restore.userId === null
      ? undefined
      : await db.selectFrom('users').select('id').where('id', '=', restore.userId).executeTakeFirst();
  await recordHistory(
    db,
    { userId: user?.id ?? null, ip: null, requestId: null },
    {
      action: 'restore',
      entity: 'backup',
      entityId: restore.name,
      after: { backup: join(restore.folder, restore.name), kept_aside: restore.keptAside, files_restored: restored },
    },
  );
  return restored;
};
