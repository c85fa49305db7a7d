/**
 * Where an export's time goes, in one process without HTTP: each export of everything on the bench's
 * database (`npm run bench` seeds it), its time, and how long it held the event loop at a stretch
 * (what another clerk's request waits for behind it). Run with `--cpu-prof` for a profile.
 *
 *   npx tsx server/bench/export-profile.ts [sqlite-file-or-postgres-url] [name,name]
 *
 * Names: orders, receipts, purchases, pickups, release-list, report.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ExportAnswer } from '../../contract/export';
import type { AppContext } from '../src/app-context';
import { parseConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { createJobRunner } from '../src/platform/jobs/job-runner';
import { createStorage } from '../src/platform/storage/storage';
import { exportReleaseList } from '../src/modules/release/release-list-export.service';
import { exportOrders, exportReceipts } from '../src/modules/overseas/overseas-export.service';
import { exportPickups } from '../src/modules/pickup/pickup-export.service';
import { exportPurchases } from '../src/modules/purchase/purchase-export.service';
import { exportReport } from '../src/modules/filed/period-report.service';
import { BENCH_DIR, schemaKey } from './seed';

const target = process.argv[2] || join(BENCH_DIR, `sqlite-s1-${schemaKey()}.db`);
const names = (process.argv[3] ?? 'orders,receipts,purchases,pickups,release-list,report').split(',');

const exports: Record<string, (ctx: AppContext) => Promise<ExportAnswer>> = {
  orders: (ctx) => exportOrders(ctx, {}),
  receipts: (ctx) => exportReceipts(ctx, {}),
  purchases: (ctx) => exportPurchases(ctx, {}),
  pickups: (ctx) => exportPickups(ctx, {}),
  'release-list': (ctx) => exportReleaseList(ctx, {}),
  report: (ctx) => exportReport(ctx, { start_time: '2000-01-01', end_time: '2099-12-31' }),
};

const dir = await mkdtemp(join(tmpdir(), 'export-profile-'));
const url = target.startsWith('postgres') ? target : `sqlite:${target}`;
const config = parseConfig({ DATABASE_URL: url, STORAGE_DIR: join(dir, 'storage') }, dir);
const db = createDatabase(config.database);
const ctx: AppContext = {
  db,
  config,
  storage: createStorage(config.storageDir),
  jobs: createJobRunner({ db, log: console }),
  version: 'bench',
};

/**
 * The longest stretches the loop was held: a timer that should fire every millisecond records how late
 * it came. monitorEventLoopDelay gives the distribution; the ticker gives the worst few exactly.
 */
const watchLoop = () => {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const blocks: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    blocks.push(now - last);
    last = now;
  }, 1);
  return () => {
    clearInterval(timer);
    histogram.disable();
    blocks.sort((a, b) => b - a);
    const over = (limit: number) => blocks.filter((block) => block > limit).length;
    return {
      worst: blocks.slice(0, 5).map((block) => block.toFixed(0)),
      p99: (histogram.percentile(99) / 1e6).toFixed(1),
      over20: over(20),
      over50: over(50),
    };
  };
};

try {
  for (const name of names) {
    const run = exports[name];
    if (!run) throw new Error(`unknown export ${name}`);
    const stop = watchLoop();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const answer = await run(ctx);
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    const loop = stop();
    const file = join(config.storageDir, answer.download_url.replace(/^\/storage\//, ''));
    const size = (await stat(file)).size;
    await rm(file);
    console.log(
      `${name.padEnd(13)} ${elapsed.toFixed(0).padStart(6)} ms  ${(size / 2 ** 20).toFixed(1).padStart(5)} MiB  ` +
        `rss ${(rssBefore / 2 ** 20).toFixed(0)} → ${(peak / 2 ** 20).toFixed(0)} MiB  ` +
        `loop held: worst ${loop.worst.join(', ')} ms, p99 ${loop.p99} ms, >20 ms ${loop.over20}×, >50 ms ${loop.over50}×`,
    );
  }
} finally {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
}
