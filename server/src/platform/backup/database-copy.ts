import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { BackupCounts } from '../../../../contract/backup';

/**
 * The database half of a backup, in a worker thread with a connection of its own: `VACUUM INTO` a new
 * file (one read transaction: a consistent copy of every commit before it, however many writes run
 * meanwhile, and WAL lets those writes go on), then `PRAGMA integrity_check` on the copy and its counts.
 * libsql is synchronous: on the server's thread a copy of a 2 GB database would stop every request for
 * the whole minute it takes; in the worker the clerks keep their answers (server/bench/backup.ts).
 * The online backup API is not used: from a second connection it starts over at every write of another
 * connection and may never finish under load (DESIGN.md).
 */

export interface DatabaseCopy {
  /** `ok`, or SQLite's first complaint. */
  integrity: string;
  bytes: number;
  counts: Omit<BackupCounts, 'files'>;
}

/** Plain CommonJS run by `eval`: the same code under tsx, vitest and the Electron bundle, with no file of its own. */
const WORKER_CODE = `
const { workerData, parentPort } = require('node:worker_threads');
const { statSync } = require('node:fs');
// Linux gives each thread its own nice value: this one yields the CPU to the server's requests. Elsewhere
// (Windows) the call would lower the whole server process, so it is not made there.
if (workerData.lowerPriority) {
  try { require('node:os').setPriority(19); } catch {}
}
const Database = require(workerData.libsql);
const count = (db, table) => {
  const exists = db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table);
  return exists ? Number(db.prepare('select count(*) as n from "' + table + '"').get().n) : 0;
};
try {
  const source = new Database(workerData.source);
  try {
    source.pragma('busy_timeout = 5000');
    source.prepare('vacuum into ?').run(workerData.target);
  } finally {
    source.close();
  }
  parentPort.postMessage({ type: 'copied' });
  const copy = new Database(workerData.target);
  try {
    const rows = copy.prepare('pragma integrity_check').all();
    const integrity = rows.map((row) => Object.values(row)[0]).join('; ');
    const counts = {
      contracts: count(copy, 'orders') + count(copy, 'purchases'),
      vehicles: count(copy, 'vehicles'),
    };
    parentPort.postMessage({ type: 'done', integrity, counts, bytes: statSync(workerData.target).size });
  } finally {
    copy.close();
  }
} catch (error) {
  parentPort.postMessage({ type: 'error', message: String(error && error.message || error), code: error && error.code });
}
`;

/** Where libsql lives, resolved here (the worker's eval code cannot resolve from this file's folder). */
const libsqlPath = (): string => createRequire(import.meta.url).resolve('libsql');

export class DatabaseCopyError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'DatabaseCopyError';
  }
}

/**
 * Copies `source` to `target` (which must not exist) and checks the copy. `onCopied` fires between the
 * copy and the check (the progress bar's step).
 */
export const copyDatabase = (source: string, target: string, onCopied?: () => void): Promise<DatabaseCopy> =>
  new Promise<DatabaseCopy>((resolve, reject) => {
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { source, target, libsql: libsqlPath(), lowerPriority: process.platform === 'linux' },
    });
    let settled = false;
    worker.on('message', (message: { type: string } & Record<string, unknown>) => {
      if (message.type === 'copied') onCopied?.();
      else if (message.type === 'done') {
        settled = true;
        resolve({
          integrity: String(message.integrity),
          bytes: Number(message.bytes),
          counts: message.counts as DatabaseCopy['counts'],
        });
      } else if (message.type === 'error') {
        settled = true;
        reject(new DatabaseCopyError(String(message.message), message.code as string | undefined));
      }
    });
    worker.on('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`backup worker exited with ${code}`));
    });
  });
