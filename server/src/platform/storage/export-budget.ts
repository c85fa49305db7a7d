import { EXPORT_BUSY_MESSAGE } from '../../../../contract/export';
import type { AppConfig } from '../../config';
import { tooManyRequests } from '../../http-errors';
import { EXPORTS_DIR, type Storage } from './storage';

/**
 * What one server lets exports take (issue 20, point 2): at most `exportConcurrency` document zips
 * built at once, and at most `exportsMaxBytes` in STORAGE_DIR/exports/ (zips and Excel exports
 * alike: they fill the same disk and are swept by the same day-old rule). Past either bound a new
 * export answers 429 服务器正忙，请稍后再试 at once instead of queueing: the clerk retries, and a script
 * clicking 下载 in a loop cannot hold the server's disk or its file threads.
 *
 * Per server (per process and config): two servers sharing one storage folder each keep their own
 * count, so together they may use twice the concurrency; the disk walk sees both servers' files.
 */

/** A zip build admitted by `beginBuild`: its bytes are reserved until `end`. */
export interface BuildSlot {
  /** The key the build will write: not counted by the walk until it is there (its bytes are reserved). */
  readonly key: string;
  end(): void;
}

interface BudgetState {
  builds: number;
  /** Reserved bytes of each build in progress, by the key it will write. */
  reserved: Map<string, number>;
}

const states = new WeakMap<AppConfig, BudgetState>();

const stateOf = (config: AppConfig): BudgetState => {
  let state = states.get(config);
  if (!state) {
    state = { builds: 0, reserved: new Map() };
    states.set(config, state);
  }
  return state;
};

/**
 * Bytes of the files under exports/ now, without the files of builds in progress (their reservations
 * count instead). A day's exports are hundreds of files at most (the hourly sweep removes older ones),
 * so a listing is a few milliseconds, and it runs only when an export is about to be written. A build
 * writes through the store's atomic put, so its partial bytes are never listed under exports/.
 */
const usedBytes = async (storage: Storage, skip: ReadonlyMap<string, number>): Promise<number> => {
  let total = 0;
  for await (const object of storage.list(`${EXPORTS_DIR}/`)) {
    if (!skip.has(object.key)) total += object.size;
  }
  return total;
};

const reservedBytes = (state: BudgetState) => {
  let total = 0;
  for (const bytes of state.reserved.values()) total += bytes;
  return total;
};

/** 429 unless the export folder has room left (an Excel export's size is not known before it is written). */
export const assertExportRoom = async (config: AppConfig, storage: Storage): Promise<void> => {
  const state = stateOf(config);
  const used = await usedBytes(storage, state.reserved);
  if (used + reservedBytes(state) >= config.exportsMaxBytes) throw tooManyRequests(EXPORT_BUSY_MESSAGE);
};

/**
 * Admits a zip build of about `bytes` that will write `key`, or answers 429 when
 * `exportConcurrency` builds are running or the folder would pass `exportsMaxBytes`. The slot is
 * taken before the walk so that callers arriving together cannot all pass the count.
 */
export const beginBuild = async (
  config: AppConfig,
  storage: Storage,
  key: string,
  bytes: number,
): Promise<BuildSlot> => {
  const state = stateOf(config);
  if (state.builds >= config.exportConcurrency) throw tooManyRequests(EXPORT_BUSY_MESSAGE);
  state.builds += 1;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    state.builds -= 1;
    state.reserved.delete(key);
  };
  try {
    const used = await usedBytes(storage, state.reserved);
    // Checked and reserved in one step (no await between): two builds never both take the last room.
    if (used + reservedBytes(state) + bytes > config.exportsMaxBytes) throw tooManyRequests(EXPORT_BUSY_MESSAGE);
    state.reserved.set(key, bytes);
  } catch (error) {
    end();
    throw error;
  }
  return { key, end };
};
