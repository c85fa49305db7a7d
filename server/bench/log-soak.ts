/**
 * Log soak (issue 20, point 9): does the server's log keep up under a saturating load?
 *
 *   npx tsx server/bench/log-soak.ts [--minutes 10] [--connections 64] [--scale 1]
 *
 * Starts the real server (server-process.ts: its log is its stdout, a file in .bench/) on the bench's
 * seeded SQLite database (scale 1 = 500,000 vehicles; a smaller scale seeds in seconds and loads the log
 * the same, since the log's lines follow the request rate), drives `/api/order` with autocannon at
 * `connections` for `minutes`, and every 30 s prints the server's RSS, the log's size and how far its
 * last line lags the clock. It fails when the log's last line is more than 2 s behind at any reading, or
 * when RSS after the first two minutes grows by more than 20 MiB.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startLoad } from './load';
import { BENCH_DIR, seedSqlite } from './seed';
import { logIn, memoryOf, startServer } from './server-process';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    scale: { type: 'string', default: '1' },
  },
});
const minutes = Number(args.minutes);
const connections = Number(args.connections);
const scale = Number(args.scale);

/** The `time` of the last whole line of the log file, and the file's size. */
const lastLineOf = (file: string): { time: number; bytes: number } => {
  const bytes = statSync(file).size;
  const length = Math.min(bytes, 64 * 1024);
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, length, bytes - length);
  } finally {
    closeSync(fd);
  }
  const lines = buffer.toString('utf8').split('\n').filter(Boolean);
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    try {
      const time = (JSON.parse(lines[i] ?? '') as { time?: number }).time;
      if (typeof time === 'number') return { time, bytes };
    } catch {
      // A line cut by the read's start, or one still being written.
    }
  }
  return { time: 0, bytes };
};

const main = async () => {
  const seeded = await seedSqlite(scale, (line) => process.stderr.write(`${line}\n`));
  const server = await startServer(seeded.url, join(BENCH_DIR, 'soak-storage'));
  // server-process.ts names the log by its start count: this process starts one server.
  const logFile = join(BENCH_DIR, 'server-1.log');
  let failed = false;
  try {
    const token = await logIn(server.url);
    const load = startLoad({
      url: `${server.url}/api/order?page=1&limit=15`,
      token,
      connections,
      seconds: minutes * 60,
    });
    const readings: Array<{ at: number; rss: number; lag: number; mb: number }> = [];
    const started = Date.now();
    console.log(`soak: ${connections} connections on /api/order for ${minutes} min, scale ${scale}`);
    console.log('   min   RSS MiB   log MB   last line behind the clock');
    const timer = setInterval(() => {
      const { rssMiB } = memoryOf(server.pid);
      const last = lastLineOf(logFile);
      const lag = (Date.now() - last.time) / 1000;
      const at = (Date.now() - started) / 60_000;
      readings.push({ at, rss: rssMiB, lag, mb: last.bytes / 1e6 });
      console.log(
        `  ${at.toFixed(1).padStart(4)}   ${rssMiB.toFixed(0).padStart(7)}   ${(last.bytes / 1e6).toFixed(0).padStart(6)}   ${lag.toFixed(1)} s`,
      );
    }, 30_000);
    const result = await load.done;
    clearInterval(timer);
    console.log(`answered ${result.ok} (${result.failed} failed), ${result.perSecond.toFixed(0)} a second`);
    const worstLag = Math.max(...readings.map((reading) => reading.lag));
    const settled = readings.filter((reading) => reading.at >= 2);
    const growth = settled.length > 1 ? (settled.at(-1)?.rss ?? 0) - (settled[0]?.rss ?? 0) : 0;
    console.log(
      `worst lag ${worstLag.toFixed(1)} s (bound 2 s); RSS growth after minute 2: ${growth.toFixed(0)} MiB (bound 20)`,
    );
    failed = worstLag > 2 || growth > 20;
  } finally {
    await server.stop();
  }
  console.log(failed ? 'FAILED' : 'OK');
  if (failed) process.exitCode = 1;
};

await main();
