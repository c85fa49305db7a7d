import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BACKUP_KINDS, BACKUP_NAME, type BackupEntry, type BackupKind } from '../../../../contract/backup';
import type { Storage } from '../storage/storage';

/**
 * The backup folder's layout:
 *   <folder>/<name>/app.db          the database, `VACUUM INTO` and checked (database-copy.ts)
 *   <folder>/<name>/files.tsv       every stored file the database may name: `<key>\t<size>` a line
 *   <folder>/<name>/manifest.json   written last, after the check: a folder without one is no backup
 *   <folder>/files/<key>            the stored files, one copy each, shared by every backup
 * Files are copied incrementally by a manifest of keys and sizes, not by hard links: a USB disk (exFAT)
 * or a Windows share may have none. A stored file is never rewritten under its name (names are
 * generated, writes put-if-absent), so a key already in the pool with the same size is the same file and
 * is not copied again. A backup in progress is built in `<name>.partial/` and renamed when complete.
 */

export const DATABASE_FILE = 'app.db';
export const MANIFEST_FILE = 'manifest.json';
export const FILES_LIST = 'files.tsv';
export const POOL_DIR = 'files';
const PARTIAL = '.partial';

/** Exports are for one download and staging holds uploads in progress: neither is a record's file. */
const SKIPPED_PREFIXES = ['.staging/', 'exports/'];

export interface BackupManifest extends BackupEntry {
  format: 1;
  databaseBytes: number;
  filesBytes: number;
  /** Files this backup copied into the pool (the others were there from earlier backups). */
  filesCopied: number;
  integrity: 'ok';
}

/** The UTC time as a folder name: fixed width, so names sort by time; no `:` (Windows refuses it). */
export const backupNameOf = (at: Date): string => at.toISOString().replace(/:/g, '-').replace('.', '-');

export const backupPath = (folder: string, name: string) => join(folder, name);
export const partialPath = (folder: string, name: string) => join(folder, `${name}${PARTIAL}`);

const isManifest = (value: unknown): value is BackupManifest => {
  const manifest = value as Partial<BackupManifest> | null;
  return (
    !!manifest &&
    manifest.format === 1 &&
    manifest.integrity === 'ok' &&
    typeof manifest.name === 'string' &&
    typeof manifest.at === 'string' &&
    typeof manifest.size === 'number' &&
    (BACKUP_KINDS as readonly string[]).includes(String(manifest.kind)) &&
    !!manifest.counts
  );
};

/** The backup's manifest, or null when it is not a complete backup that passed its check. */
export const readManifest = async (folder: string, name: string): Promise<BackupManifest | null> => {
  if (!BACKUP_NAME.test(name)) return null;
  try {
    const manifest: unknown = JSON.parse(await readFile(join(folder, name, MANIFEST_FILE), 'utf8'));
    if (!isManifest(manifest) || manifest.name !== name) return null;
    if (!existsSync(join(folder, name, DATABASE_FILE))) return null;
    return manifest;
  } catch {
    return null;
  }
};

/** Complete, checked backups, newest first. */
export const listBackups = async (folder: string): Promise<BackupManifest[]> => {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => BACKUP_NAME.test(name));
  const manifests = await Promise.all(names.map((name) => readManifest(folder, name)));
  return manifests.filter((manifest): manifest is BackupManifest => manifest !== null).sort(byNewest);
};

const byNewest = (a: { name: string }, b: { name: string }) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0);

export const writeManifest = async (dir: string, manifest: BackupManifest) => {
  await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
};

export interface FileLine {
  key: string;
  size: number;
}

export const readFileList = async (dir: string): Promise<FileLine[]> => {
  const text = await readFile(join(dir, FILES_LIST), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.includes('\t'))
    .map((line) => {
      const [key = '', size = '0'] = line.split('\t');
      return { key, size: Number(size) };
    });
};

const poolPath = (folder: string, key: string) => join(folder, POOL_DIR, ...key.split('/'));

/**
 * Copies every stored file not yet in the pool (or there with another size) and writes the backup's list.
 * Answers the list, the files copied and the bytes the backup's files take.
 */
export const copyStoredFiles = async (
  storage: Storage,
  folder: string,
  dir: string,
  onFile?: (done: number) => void,
): Promise<{ files: FileLine[]; copied: number; bytes: number }> => {
  const files: FileLine[] = [];
  for await (const object of storage.list('')) {
    if (SKIPPED_PREFIXES.some((prefix) => object.key.startsWith(prefix))) continue;
    files.push({ key: object.key, size: object.size });
  }
  files.sort((a, b) => (a.key < b.key ? -1 : 1));
  let copied = 0;
  let bytes = 0;
  let done = 0;
  const kept: FileLine[] = [];
  for (const file of files) {
    const target = poolPath(folder, file.key);
    const there = await stat(target).catch(() => null);
    if (!there || there.size !== file.size) {
      const source = await storage.open(file.key);
      // Removed meanwhile (a record's file replaced and swept): the database copy may still name it, but
      // there are no bytes to keep.
      if (!source) continue;
      await mkdir(dirname(target), { recursive: true });
      const part = `${target}${PARTIAL}`;
      await pipeline(source, createWriteStream(part));
      await rename(part, target);
      copied += 1;
    }
    kept.push(file);
    bytes += file.size;
    done += 1;
    onFile?.(done / files.length);
  }
  await writeFile(join(dir, FILES_LIST), kept.map((file) => `${file.key}\t${file.size}\n`).join(''), 'utf8');
  return { files: kept, copied, bytes };
};

/** Puts back every file of the backup the store no longer has; the store's own files are never touched. */
export const restoreStoredFiles = async (storage: Storage, folder: string, name: string): Promise<number> => {
  let restored = 0;
  for (const file of await readFileList(backupPath(folder, name))) {
    if (await storage.stat(file.key)) continue;
    const path = poolPath(folder, file.key);
    if (!existsSync(path)) continue;
    await storage.put(file.key, createReadStream(path), { ifAbsent: true }).catch(() => undefined);
    restored += 1;
  }
  return restored;
};

/** `YYYY-MM-DD` of an instant in the office's time zone. */
const dayOf = (at: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(at),
  );

/** The Monday (`YYYY-MM-DD`) of the week holding that day. */
const weekOf = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
};

export const KEPT_DAILY = 7;
export const KEPT_WEEKLY = 4;

/**
 * Which backups stay: the newest of each of the last 7 days that have one, then, among the older ones,
 * the newest of each of the 4 latest weeks (Monday to Sunday, in the office's time zone) that have one.
 */
export const keptBackups = (backups: readonly { name: string; at: string }[], timeZone: string): Set<string> => {
  const newestFirst = [...backups].sort(byNewest);
  const kept = new Set<string>();
  const days = new Set<string>();
  const rest: { name: string; day: string }[] = [];
  for (const backup of newestFirst) {
    const day = dayOf(backup.at, timeZone);
    if (days.has(day)) continue;
    if (days.size < KEPT_DAILY) {
      days.add(day);
      kept.add(backup.name);
    } else rest.push({ name: backup.name, day });
  }
  const weeks = new Set<string>();
  for (const backup of rest) {
    const week = weekOf(backup.day);
    if (weeks.has(week) || weeks.size >= KEPT_WEEKLY) continue;
    weeks.add(week);
    kept.add(backup.name);
  }
  return kept;
};

/**
 * Removes the backups past the 7 + 4, folders left by a run that stopped halfway (not `current`), and the
 * pooled files no kept backup names. Answers the names removed.
 */
export const pruneBackups = async (folder: string, timeZone: string, current: string | null): Promise<string[]> => {
  const backups = await listBackups(folder);
  const kept = keptBackups(backups, timeZone);
  const removed: string[] = [];
  for (const backup of backups) {
    if (kept.has(backup.name)) continue;
    await rm(backupPath(folder, backup.name), { recursive: true, force: true });
    removed.push(backup.name);
  }
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    if (name.endsWith(PARTIAL) && name !== `${current}${PARTIAL}`) {
      await rm(join(folder, name), { recursive: true, force: true });
    }
  }
  const named = new Set<string>();
  for (const name of kept) for (const file of await readFileList(backupPath(folder, name))) named.add(file.key);
  const pool = join(folder, POOL_DIR);
  const entries = await readdir(pool, { recursive: true, withFileTypes: true }).catch(() => []);
  const folders: string[] = [];
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) {
      folders.push(path);
      continue;
    }
    const key = path
      .slice(pool.length + 1)
      .split(sep)
      .join('/');
    // A file a run in progress just copied is not yet in any list: only files of finished runs go.
    if (current === null && !named.has(key)) await rm(path, { force: true });
  }
  for (const path of folders.sort((a, b) => b.length - a.length)) await rmdir(path).catch(() => undefined);
  return removed;
};

export const isBackupKind = (value: string): value is BackupKind => (BACKUP_KINDS as readonly string[]).includes(value);
