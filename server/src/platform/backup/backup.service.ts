import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  backupMessages,
  type BackupEntry,
  type BackupKind,
  type BackupRestoreAnswer,
  type BackupRun,
  type BackupStatus,
} from '../../../../contract/backup';
import type { AppConfig } from '../../config';
import { conflict, notFound } from '../../http-errors';
import type { Job } from '../jobs/job-runner';
import type { Storage } from '../storage/storage';
import {
  backupNameOf,
  backupPath,
  type BackupManifest,
  copyStoredFiles,
  DATABASE_FILE,
  listBackups,
  partialPath,
  pruneBackups,
  readManifest,
  writeManifest,
} from './backup-folder';
import { readStatusFile, writeStatusFile } from './backup-status-file';
import { copyDatabase, DatabaseCopyError } from './database-copy';
import { asideFolderOf, restoreMarkerOf, type RestoreMarker } from './restore';

const HOUR_MS = 60 * 60 * 1000;
/** The daily job's turn; a start runs it at once when the last one is a day old (job-runner's rule). */
export const BACKUP_INTERVAL_MS = 24 * HOUR_MS;
/** Quiet this long (no request in flight or answered) counts as idle: the clerk is not waiting on the disk. */
export const IDLE_MS = 60_000;
/** A day and a half without a success: the backup runs even if the server is never idle. */
const BUSY_SERVER_WAIT_MS = 36 * HOUR_MS;
/** How often the daily job looks whether a backup is due and the server idle. */
export const CHECK_INTERVAL_MS = 2 * 60_000;
const KEPT_RUNS = 10;

export interface BackupLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface BackupServiceOptions {
  config: AppConfig;
  storage: Storage;
  log: BackupLog;
  /** The clock the backup names, retention and the status read (tests give fake dates). */
  now?: () => Date;
  idleMs?: number;
  /** How the host restarts this server on a restore; without one the page cannot restore here. */
  restart?: () => void;
}

export interface BackupService {
  status(): Promise<BackupStatus>;
  list(): Promise<BackupEntry[]>;
  /** Starts a backup now, or answers the one in progress. */
  start(kind: BackupKind): BackupRun;
  /** A backup from start to end: its manifest, or the Chinese reason it failed (thrown). */
  run(kind: BackupKind): Promise<BackupManifest>;
  progress(id: string): BackupRun | null;
  /** Leaves a restore for the next start and asks the host to restart (`restartNow` once the answer left). */
  requestRestore(name: string, userId: number | null): Promise<BackupRestoreAnswer>;
  restartNow(): void;
  /** The daily job (platform/jobs): at the first idle moment after a start, once across the servers. */
  job(): Job;
  /** Requests in flight, for the idle wait. */
  requestStarted(): void;
  requestEnded(): void;
  /** The server closes: no daily run starts any more. */
  close(): void;
}

/** Thrown with the clerk's reason in Chinese. */
export class BackupFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFailure';
  }
}

/** The reason a clerk can act on: the folder, the disk, the permission; anything else as it came. */
export const reasonOf = (error: unknown, folder: string): string => {
  if (error instanceof BackupFailure) return error.message;
  const code = (error as NodeJS.ErrnoException | DatabaseCopyError)?.code ?? '';
  const message = (error as Error)?.message ?? String(error);
  if (code === 'ENOSPC' || code === 'SQLITE_FULL' || /disk is full|ENOSPC/i.test(message))
    return backupMessages.diskFull;
  if (!existsSync(folder)) return backupMessages.folderMissing(folder);
  if (['EACCES', 'EPERM', 'EROFS', 'SQLITE_READONLY', 'SQLITE_CANTOPEN'].includes(code)) {
    return backupMessages.permission;
  }
  return backupMessages.other(message);
};

const sqliteFile = (config: AppConfig): string | null =>
  config.database.kind === 'sqlite' ? config.database.file : null;

export const createBackupService = (options: BackupServiceOptions): BackupService => {
  const { config, storage, log } = options;
  const now = options.now ?? (() => new Date());
  const idleMs = options.idleMs ?? IDLE_MS;
  const folder = config.backupDir;
  const database = sqliteFile(config);
  const runs = new Map<string, BackupRun>();
  let current: { run: BackupRun; done: Promise<BackupManifest> } | null = null;
  let inFlight = 0;
  let lastActivity = Date.now();
  let restoring = false;
  /** The server is closing: no daily run starts any more. */
  let closing = false;

  const unavailable = (): string | null => {
    if (!database) return backupMessages.postgres;
    if (!folder) return backupMessages.noFolder;
    return null;
  };

  const remember = (run: BackupRun) => {
    runs.set(run.id, run);
    for (const id of [...runs.keys()].slice(0, Math.max(0, runs.size - KEPT_RUNS))) runs.delete(id);
  };

  const noteAttempt = async (outcome: { manifest: BackupManifest; path: string } | { reason: string }) => {
    if (!database) return;
    const status = readStatusFile(database);
    const at = now().toISOString();
    await writeStatusFile(database, {
      since: status.since ?? at,
      lastSuccess:
        'manifest' in outcome
          ? { at: outcome.manifest.at, size: outcome.manifest.size, path: outcome.path }
          : status.lastSuccess,
      lastFailure: 'reason' in outcome ? { at, reason: outcome.reason } : status.lastFailure,
    }).catch((error: unknown) => log.warn({ error: String(error) }, 'backup status not written'));
  };

  const perform = async (kind: BackupKind, run: BackupRun): Promise<BackupManifest> => {
    const problem = unavailable();
    if (problem || !folder || !database) throw new BackupFailure(problem ?? backupMessages.noFolder);
    // The folder itself is never created here: an unplugged USB disk's path would fill the PC's own disk.
    if (!existsSync(folder)) throw new BackupFailure(backupMessages.folderMissing(folder));
    const at = now();
    const name = backupNameOf(at);
    const work = partialPath(folder, name);
    await mkdir(work, { recursive: true });
    try {
      run.step = '复制数据库';
      run.percent = 5;
      const copy = await copyDatabase(database, join(work, DATABASE_FILE), () => {
        run.step = '检查副本';
        run.percent = 60;
      });
      if (copy.integrity !== 'ok') {
        log.warn({ backup: name, integrity: copy.integrity.slice(0, 500) }, 'backup copy failed its check');
        throw new BackupFailure(backupMessages.checkFailed);
      }
      run.step = '复制文件';
      run.percent = 70;
      const files = await copyStoredFiles(storage, folder, work, (share) => {
        run.percent = 70 + Math.floor(share * 25);
      });
      const manifest: BackupManifest = {
        format: 1,
        name,
        at: at.toISOString(),
        kind,
        size: copy.bytes + files.bytes,
        counts: { ...copy.counts, files: files.files.length },
        databaseBytes: copy.bytes,
        filesBytes: files.bytes,
        filesCopied: files.copied,
        integrity: 'ok',
      };
      // Last: a folder with a manifest is a complete, checked backup.
      await writeManifest(work, manifest);
      await rename(work, backupPath(folder, name));
      run.step = '清理旧备份';
      run.percent = 95;
      const removed = await pruneBackups(folder, config.timeZone, null);
      log.info({ backup: name, kind, bytes: manifest.size, copied: files.copied, removed }, 'backup done');
      return manifest;
    } catch (error) {
      await rm(work, { recursive: true, force: true }).catch(() => undefined);
      throw error;
    }
  };

  const start = (kind: BackupKind): { run: BackupRun; done: Promise<BackupManifest> } => {
    if (current) return current;
    const run: BackupRun = {
      id: randomBytes(8).toString('hex'),
      state: 'running',
      percent: 0,
      step: '准备',
      error: null,
      backup: null,
    };
    remember(run);
    // The status file first, then the run's state: a page that sees the end finds the status written.
    const done = perform(kind, run).then(
      async (manifest) => {
        await noteAttempt({ manifest, path: backupPath(folder ?? '', manifest.name) });
        current = null;
        Object.assign(run, { state: 'done', percent: 100, step: '完成', backup: entryOf(manifest) });
        return manifest;
      },
      async (error: unknown) => {
        const reason = reasonOf(error, folder ?? '');
        log.warn({ error: String((error as Error)?.message ?? error), reason }, 'backup failed');
        if (database && folder) await noteAttempt({ reason });
        current = null;
        Object.assign(run, { state: 'failed', error: reason });
        throw new BackupFailure(reason);
      },
    );
    current = { run, done };
    // Nobody may be waiting on a run started from the page: its failure is in `run`.
    done.catch(() => undefined);
    return current;
  };

  /**
   * A daily backup is due when the last success is about a day old (or there is none) and the last
   * failure is an hour old: a missing USB disk is tried again hourly, not at every turn.
   */
  const due = (): boolean => {
    if (!database) return false;
    const known = readStatusFile(database);
    const at = now().getTime();
    const success = known.lastSuccess ? Date.parse(known.lastSuccess.at) : null;
    const failure = known.lastFailure ? Date.parse(known.lastFailure.at) : null;
    if (success !== null && at - success < BACKUP_INTERVAL_MS * 0.9) return false;
    return failure === null || (success !== null && failure < success) || at - failure >= HOUR_MS;
  };

  const idle = () => inFlight === 0 && Date.now() - lastActivity >= idleMs;

  /** A server never quiet for a minute (a busy office by day and night) still backs up once it is this late. */
  const overdue = (): boolean => {
    if (!database) return false;
    const known = readStatusFile(database);
    const from = known.lastSuccess?.at ?? known.since;
    return from !== null && now().getTime() - Date.parse(from) >= BUSY_SERVER_WAIT_MS;
  };

  return {
    async status() {
      const problem = unavailable();
      const known = database ? readStatusFile(database) : null;
      return {
        available: problem === null,
        unavailable: problem,
        folder,
        lastSuccess: known?.lastSuccess ?? null,
        lastFailure: known?.lastFailure ?? null,
        running: current?.run ?? null,
        restoreAllowed: problem === null && options.restart !== undefined,
      };
    },
    async list() {
      if (unavailable() || !folder) return [];
      return (await listBackups(folder)).map(entryOf);
    },
    start(kind) {
      const problem = unavailable();
      if (problem) throw conflict(problem);
      if (restoring) throw conflict(backupMessages.busy);
      return start(kind).run;
    },
    run: (kind) => start(kind).done,
    progress: (id) => runs.get(id) ?? null,
    async requestRestore(name, userId) {
      const problem = unavailable();
      if (problem) throw conflict(problem);
      if (!options.restart || !database || !folder) throw conflict(backupMessages.restoreNotAllowed);
      if (current) throw conflict('正在备份，请等备份完成后再恢复');
      const manifest = await readManifest(folder, name);
      if (!manifest) throw notFound(backupMessages.notFound);
      const at = now();
      const keptAside = asideFolderOf(database, at);
      const marker: RestoreMarker = { name, folder, userId, requestedAt: at.toISOString(), keptAside };
      await writeFile(restoreMarkerOf(database), JSON.stringify(marker), 'utf8');
      restoring = true;
      return { restarting: true, keptAside };
    },
    restartNow() {
      if (restoring) options.restart?.();
    },
    job: () => ({
      name: 'backup.daily',
      // A look every few minutes, on one server at a time (the lease): the first quiet moment after a
      // start, once a day, wins; the look itself is a file read.
      intervalMs: CHECK_INTERVAL_MS,
      runAtStart: true,
      // A large copy holds the job; a server that died mid-run frees it after this.
      leaseMs: 4 * HOUR_MS,
      run: async () => {
        if (closing || unavailable() || current || !due() || !(idle() || overdue())) return;
        await start('daily').done;
      },
    }),
    requestStarted() {
      inFlight += 1;
      lastActivity = Date.now();
    },
    requestEnded() {
      inFlight = Math.max(0, inFlight - 1);
      lastActivity = Date.now();
    },
    close() {
      closing = true;
    },
  };
};

export const entryOf = (manifest: BackupManifest): BackupEntry => ({
  name: manifest.name,
  at: manifest.at,
  kind: manifest.kind,
  size: manifest.size,
  counts: manifest.counts,
});

/** For messages: where the database lives. */
export const databaseFolderOf = (config: AppConfig): string | null => {
  const file = sqliteFile(config);
  return file ? dirname(file) : null;
};
