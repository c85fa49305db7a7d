/**
 * A contract's zip is built once, not per click (issue 20, point 2: six parallel 下载 wrote six full
 * zips, +3 GB in 14 s).
 *
 * - Reused while its documents have not changed. The fingerprint is everything the zip is made of: each
 *   entry's name, the `/storage/…` path it comes from, its 清单 line (stage, document, vehicles,
 *   uploaded name) and the file's size and modification time (uploads are never rewritten in place:
 *   a changed document is a new path). A record saved without a change of its files keeps the zip;
 *   a file replaced, added, removed or renamed makes a new one. No `updated_at` is needed, and none
 *   would be enough (an `uploaded_files` name changes no record).
 * - The zip's name is a hash of that fingerprint (with the app's version and a salt of this process, so
 *   that a restarted or upgraded server never hands out a zip laid out by older code), so reuse is
 *   "that file exists": nothing to remember, and the day-old sweep may remove it at any time (then it
 *   is built again). A reused zip's time is set to now, so the sweep does not take it mid-download.
 * - One build per contract at a time: callers with the same fingerprint wait for it and get the same
 *   path; one with another fingerprint (a document changed meanwhile) waits for it, then builds its own.
 * - Builds are admitted by the export budget (platform/storage/export-budget.ts): 429 past
 *   EXPORT_CONCURRENCY or EXPORTS_MAX_MB. A reused zip needs neither.
 * - A build writes through the store's atomic put (if no zip has the name yet), so a zip under its name
 *   is always whole; another server that built the same zip meanwhile has built the same bytes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DownloadsAnswer } from '../../../../contract/filed-downloads';
import type { AppContext } from '../../app-context';
import type { AppConfig } from '../../config';
import { beginBuild } from '../../platform/storage/export-budget';
import { ObjectExists } from '../../platform/storage/object-store';
import { EXPORTS_DIR, type Storage } from '../../platform/storage/storage';

const PROCESS_SALT = randomBytes(16).toString('hex');

/** Fixed costs of a stored zip besides the files' bytes: the 清单, and headers per entry (zip64 included). */
const MANIFEST_ALLOWANCE = 256 * 1024;
const MANIFEST_BYTES_PER_ENTRY = 512;
const ENTRY_OVERHEAD = 160;

/** What a zip holds, for its fingerprint and its size: each entry with the file it comes from. */
export interface CachedEntry {
  entryName: string;
  size: number | null;
}

interface InFlight {
  fingerprint: string;
  done: Promise<DownloadsAnswer>;
}

const inFlight = new WeakMap<AppConfig, Map<number, InFlight>>();

const inFlightOf = (config: AppConfig): Map<number, InFlight> => {
  let builds = inFlight.get(config);
  if (!builds) {
    builds = new Map();
    inFlight.set(config, builds);
  }
  return builds;
};

/** The hash of everything the zip is made of (the entries as the service planned them, in order). */
export const zipFingerprint = (ctx: AppContext, orderId: number, entries: readonly CachedEntry[]): string =>
  createHash('sha256')
    .update(JSON.stringify([PROCESS_SALT, ctx.version, ctx.config.timeZone, orderId, entries]))
    .digest('hex')
    .slice(0, 32);

/** About the zip's size, a little above: the files (stored, not deflated), their headers, the 清单. */
export const expectedZipBytes = (entries: readonly CachedEntry[]): number =>
  entries.reduce(
    (total, entry) =>
      total + (entry.size ?? 0) + ENTRY_OVERHEAD + 2 * Buffer.byteLength(entry.entryName) + MANIFEST_BYTES_PER_ENTRY,
    MANIFEST_ALLOWANCE,
  );

/** The zip of this fingerprint, reused or built (the build writes the file it is given). */
const reuseOrBuild = async (
  config: AppConfig,
  storage: Storage,
  fingerprint: string,
  bytes: number,
  build: (key: string) => Promise<void>,
): Promise<DownloadsAnswer> => {
  // This month's export folder; the zip's name is its fingerprint.
  const location = storage.locate(EXPORTS_DIR, 'zip', fingerprint);
  const answer = { path: location.url };
  if (await storage.touch(location.key)) return answer;

  const slot = await beginBuild(config, storage, location.key, bytes);
  try {
    await build(location.key);
    return answer;
  } catch (error) {
    if (error instanceof ObjectExists) return answer;
    throw error;
  } finally {
    slot.end();
  }
};

/**
 * The contract's zip for these entries: the existing one, the one being built for the same entries,
 * or a new one built with `build` (which writes the zip under the key it is given, if absent).
 */
export const contractZip = async (
  ctx: AppContext,
  storage: Storage,
  orderId: number,
  entries: readonly CachedEntry[],
  build: (key: string) => Promise<void>,
): Promise<DownloadsAnswer> => {
  const builds = inFlightOf(ctx.config);
  const fingerprint = zipFingerprint(ctx, orderId, entries);
  for (;;) {
    const running = builds.get(orderId);
    if (running?.fingerprint === fingerprint) return running.done;
    if (running) {
      // Another set of documents is being zipped: one build per contract, so wait, then look again.
      await running.done.catch(() => undefined);
      continue;
    }
    // Registered with no await since the look-up: callers arriving together find it.
    const done = reuseOrBuild(ctx.config, storage, fingerprint, expectedZipBytes(entries), build);
    const own: InFlight = { fingerprint, done };
    builds.set(orderId, own);
    try {
      return await done;
    } finally {
      if (builds.get(orderId) === own) builds.delete(orderId);
    }
  }
};
