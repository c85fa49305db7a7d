/**
 * `npm run bench`: issue 9's measure. Seeds (or reuses) a company-sized database, starts the real
 * server as a child process, loads it with autocannon at 16 connections and prints markdown tables:
 * every list with and without each filter, page 1 and 1,000; one-connection latencies; exports with
 * the server's peak memory and other requests' p95 meanwhile; on PostgreSQL, two servers behind a
 * round-robin proxy. docs/bench.md says how to run it.
 *
 *   npm run bench -- [--db sqlite|postgres] [--only a,b-prefix] [--duration 5] [--scale 1] [--connections 16]
 */
import { spawnSync } from 'node:child_process';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { downloadsEndpoints } from '../../contract/filed-downloads';
import { parseDatabaseUrl } from '../src/config';
import { createDatabase } from '../src/db/database';
import { seedFinishedContract, ZIP_DOCUMENTS_EACH, ZIP_VEHICLES } from './downloads';
import { runLoad, settle, startPaced } from './load';
import {
  exportMeasurements,
  listMeasurements,
  type Measurement,
  type Probe,
  fullScanMs,
  readProbe,
  unmeasured,
} from './measurements';
import { BENCH_DIR, seedPostgres, seedSqlite } from './seed';
import { singleSearchMeasurements } from './search';
import { singleVehicleMeasurements } from './vehicle-file';
import { singleProfitMeasurements } from './profit';
import { singleDeadlineMeasurements } from './deadline';
import { CLERKS_RATE, type ExportRow, fetchOnce, measureExport, measureLoad } from './measure-requests';
import { logIn, memoryOf, resetPeak, type ServerProcess, startProxy, startServer } from './server-process';
import { type LoadRow, loadTable, markdownTable, ms, rate } from './table';

const DEFAULT_PG_URL = 'postgres://app_test:app_test@localhost/app_bench';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    only: { type: 'string' },
    duration: { type: 'string', default: '5' },
    scale: { type: 'string', default: '1' },
    connections: { type: 'string', default: '16' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const kind = args.db === 'sqlite' || args.db === 'postgres' ? args.db : fail('--db must be sqlite or postgres');
const seconds = Number(args.duration);
const scale = Number(args.scale);
const connections = Number(args.connections);
if (!(seconds > 0)) fail('--duration must be a number of seconds above 0');
if (!(scale > 0 && scale <= 1.5))
  fail('--scale must be above 0 and at most 1.5 (VIN serials are unique below a million vehicles)');
if (!(connections >= 1)) fail('--connections must be at least 1');
const only = (args.only ?? '')
  .split(',')
  .map((token) => token.trim())
  .filter(Boolean);
const selected = (name: string) =>
  only.length === 0 || only.some((token) => name === token || name.startsWith(`${token}-`) || name.startsWith(token));

const progress = (line: string) => process.stderr.write(`${line}\n`);
const output: string[] = [];
const print = (text: string) => {
  output.push(text);
  console.log(text);
};

/** Which server was measured: the commit, and whether server/ or contract/ differ from it in the working tree. */
const serverRevision = (): string => {
  const git = (...gitArgs: string[]) => spawnSync('git', gitArgs, { encoding: 'utf8' }).stdout?.trim() ?? '';
  const head = git('rev-parse', '--short', 'HEAD') || 'unknown commit';
  const changed = git('status', '--porcelain', '--', 'server/src', 'contract').split('\n').filter(Boolean).length;
  return changed > 0 ? `${head} with ${changed} uncommitted file(s) in server/src and contract/` : head;
};

const main = async () => {
  const started = performance.now();
  progress(`== ${kind}, scale ${scale}, ${seconds} s per measurement, ${connections} connections`);
  const seed =
    kind === 'sqlite' ? await seedSqlite(scale, progress) : await seedPostgres(args['pg-url'], scale, progress);
  const seedLine =
    seed.seededMs === null
      ? `database: ${kind}, reused (${Object.entries(seed.counts)
          .filter(([, n]) => Number.isFinite(n))
          .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
          .join(', ')})`
      : `database: ${kind}, seeded in ${(seed.seededMs / 1000).toFixed(1)} s (${Object.entries(seed.counts)
          .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
          .join(', ')})`;
  progress(`  ${seedLine}`);

  const probeDb = createDatabase(parseDatabaseUrl(seed.url, process.cwd()));
  let probe: Probe;
  let scanMs: number;
  try {
    probe = await readProbe(probeDb);
    scanMs = await fullScanMs(probeDb, probe.vin.slice(-6));
  } finally {
    await probeDb.destroy();
  }
  const storageDir = join(BENCH_DIR, `storage-${kind}`);
  const current = { server: await startServer(seed.url, storageDir), token: '' };
  current.token = await logIn(current.server.url);
  const extra: ServerProcess[] = [];
  const restart = async () => {
    await current.server.stop();
    current.server = await startServer(seed.url, storageDir);
    current.token = await logIn(current.server.url);
  };

  try {
    print(`## Load bench: ${kind}, scale ${scale}\n`);
    print(`Server code: ${serverRevision()}.\n`);
    print(
      `${seedLine}. ${connections} connections, ${seconds} s per measurement. Probe: contract ${probe.orderNo}, VIN ${probe.vin} (tail ${probe.vin.slice(-6)}), name ${probe.customerName}, dates ${probe.monthStart}…${probe.monthEnd}.\n`,
    );
    const lists = listMeasurements(probe);
    const missing = unmeasured(lists);
    if (missing.length > 0) progress(`  GET endpoints not measured: ${missing.join(', ')}`);

    const health = lists[0] as Measurement;
    // Warms the server up (JIT, caches) so that the first measurement is not also the slowest.
    await runLoad({ url: `${current.server.url}${health.path}`, connections, seconds: Math.min(seconds, 3) });
    await runLoad({
      url: `${current.server.url}/api/user/info`,
      token: current.token,
      connections,
      seconds: Math.min(seconds, 2),
    });
    const rows: LoadRow[] = [await measureLoad(current.server, current.token, health, connections, seconds)];
    for (const measurement of lists.slice(1).filter((item) => selected(item.name))) {
      rows.push(await measureLoad(current.server, current.token, measurement, connections, seconds));
    }
    const healthPerSecond = rows[0]?.result.perSecond ?? Number.NaN;
    print(`### ${connections} connections\n`);
    print(loadTable(rows, healthPerSecond));

    const single = [
      { name: 'one-order-vin', path: `/api/order?vin=${probe.vin.slice(-6)}` },
      { name: 'one-car-search-vin', path: `/api/car/search?vin=${probe.vin.slice(-6)}` },
      { name: 'one-dashboard', path: '/api/dashboard' },
      ...singleSearchMeasurements(probe),
      ...singleVehicleMeasurements(probe),
      ...singleProfitMeasurements(probe),
      ...singleDeadlineMeasurements(probe),
    ].filter((item) => selected(item.name));
    if (single.length > 0) {
      const singleRows: LoadRow[] = [];
      for (const measurement of single) {
        singleRows.push(await measureLoad(current.server, current.token, measurement, 1, seconds));
      }
      print(`\n### One connection\n`);
      print(loadTable(singleRows, healthPerSecond));
      const vinSearch = singleRows.find((row) => row.name === 'one-car-search-vin');
      print(
        `\nA full scan of \`vehicles\` for the same tail (\`vin || '' like '%${probe.vin.slice(-6)}%'\`, on the database, median of 5): ${ms(scanMs)}` +
          (vinSearch
            ? `; \`/api/car/search?vin=\` p50 is ${(scanMs / vinSearch.result.p50).toFixed(1)}× faster.`
            : '.'),
      );
    }

    const exports = exportMeasurements.filter((item) => selected(item.name));
    if (exports.length > 0 || selected('downloads')) {
      // The clerks' traffic with nothing else running, on a fresh server: what "meanwhile" is compared
      // with (on a shared machine the list's own p95 is not zero).
      await restart();
      await fetchOnce(`${current.server.url}/api/order`, current.token);
      await settle(current.server.url);
      const quiet = await startPaced({
        url: `${current.server.url}/api/order`,
        token: current.token,
        seconds: Math.max(seconds, 3),
        perSecond: CLERKS_RATE,
      }).done;
      progress(`  /api/order at ${CLERKS_RATE} req/s alone     p95 ${ms(quiet.p95)} (p50 ${ms(quiet.p50)})`);
      print(
        `\n\`/api/order\` at ${CLERKS_RATE} req/s with nothing else running: p95 ${ms(quiet.p95)} (p50 ${ms(quiet.p50)}, ${quiet.ok} answered).`,
      );
    }
    if (exports.length > 0) {
      const exportRows: ExportRow[] = [];
      for (const measurement of exports) {
        exportRows.push(await measureExport(current, restart, storageDir, measurement));
      }
      print(`\n### Exports of everything\n`);
      print(
        markdownTable(
          [
            'export',
            'time alone',
            'server RSS before → peak',
            'file',
            `\`/api/order\` p95 meanwhile (${CLERKS_RATE} req/s)`,
            'export time under that load',
          ],
          exportRows.map((row) => [
            `\`${row.path}\``,
            ms(row.aloneMs),
            `${row.rssBeforeMiB.toFixed(0)} → ${row.peakMiB.toFixed(0)} MiB (${row.peakSource})`,
            `${row.fileMiB.toFixed(1)} MiB`,
            `${ms(row.during.p95)} (p50 ${ms(row.during.p50)}, ${row.during.ok} answered)`,
            ms(row.loadedMs),
          ]),
        ),
      );
    }

    if (selected('downloads')) {
      // A finished contract's zip (issue 11): its rows and files put in, measured once on a fresh server
      // (so the peak is the zip's own), then taken out again.
      const seedDb = createDatabase(parseDatabaseUrl(seed.url, process.cwd()));
      try {
        const contract = await seedFinishedContract(seedDb, storageDir);
        try {
          await restart();
          await fetchOnce(`${current.server.url}/api/order`, current.token);
          await settle(current.server.url);
          const peakSource = resetPeak(current.server.pid) ? 'fresh server, peak reset' : 'fresh server';
          const rssBeforeMiB = memoryOf(current.server.pid).rssMiB;
          const path = `${downloadsEndpoints.download.path}?orderId=${contract.orderId}`;
          const zipped = await fetchOnce(`${current.server.url}${path}`, current.token);
          if (zipped.status !== 200)
            throw new Error(`downloads answered ${zipped.status}: ${zipped.body.slice(0, 300)}`);
          const peakMiB = memoryOf(current.server.pid).peakMiB;
          const zipPath = (JSON.parse(zipped.body) as { data: { path: string } }).data.path;
          const onDisk = join(storageDir, zipPath.replace(/^\/storage\//, ''));
          const zipMiB = statSync(onDisk).size / 1024 / 1024;
          rmSync(onDisk, { force: true });
          // Again while the clerks page through lists: what they wait for meanwhile.
          await settle(current.server.url);
          const load = startPaced({
            url: `${current.server.url}/api/order`,
            token: current.token,
            seconds: 600,
            perSecond: CLERKS_RATE,
          });
          await new Promise((resolve) => setTimeout(resolve, 300));
          const loaded = await fetchOnce(`${current.server.url}${path}`, current.token);
          load.stop();
          const during = await load.done;
          if (loaded.status === 200) {
            const again = (JSON.parse(loaded.body) as { data: { path: string } }).data.path;
            rmSync(join(storageDir, again.replace(/^\/storage\//, '')), { force: true });
          }
          progress(
            `  downloads                    ${ms(zipped.ms)}, peak ${peakMiB.toFixed(0)} MiB, zip ${zipMiB.toFixed(0)} MiB`,
          );
          print(`\n### A finished contract's document zip\n`);
          print(
            markdownTable(
              [
                'request',
                'documents',
                'time alone',
                'server RSS before → peak',
                'zip',
                `\`/api/order\` p95 meanwhile (${CLERKS_RATE} req/s)`,
                'zip time under that load',
              ],
              [
                [
                  `\`${downloadsEndpoints.download.path}\``,
                  `${ZIP_VEHICLES} vehicles × ${ZIP_DOCUMENTS_EACH} + the records covering all (${contract.files} files, ${(contract.bytes / 1024 / 1024).toFixed(0)} MiB)`,
                  ms(zipped.ms),
                  `${rssBeforeMiB.toFixed(0)} → ${peakMiB.toFixed(0)} MiB (${peakSource})`,
                  `${zipMiB.toFixed(0)} MiB`,
                  `${ms(during.p95)} (p50 ${ms(during.p50)}, ${during.ok} answered)`,
                  ms(loaded.ms),
                ],
              ],
            ),
          );
        } finally {
          await contract.remove();
        }
      } finally {
        await seedDb.destroy();
      }
    }

    if (kind === 'postgres' && selected('two-servers')) {
      const second = await startServer(seed.url, storageDir);
      extra.push(second);
      const requests = lists.filter((item) =>
        ['health', 'user-info', 'order', 'order-p1000', 'purchase', 'customer'].includes(item.name),
      );
      const twoRows: string[][] = [];
      for (const upstreams of [[current.server.url], [current.server.url, second.url]]) {
        const proxy = await startProxy(upstreams);
        extra.push(proxy);
        for (const measurement of requests) {
          const row = await measureLoad(proxy, current.token, measurement, connections, seconds);
          const existing = twoRows.find((cells) => cells[0] === measurement.name);
          if (existing) existing.push(rate(row.result.perSecond));
          else twoRows.push([measurement.name, rate(row.result.perSecond)]);
        }
        await proxy.stop();
      }
      print(`\n### Two servers on one PostgreSQL, behind a round-robin proxy (${connections} connections)\n`);
      print(
        markdownTable(
          ['request', 'req/s one server (through the proxy)', 'req/s two servers', 'gained'],
          twoRows.map(([name, one = '', two = '']) => {
            const gain = Number(two.replace(/,/g, '')) / Number(one.replace(/,/g, ''));
            return [name ?? '', one, two, Number.isFinite(gain) ? `×${gain.toFixed(2)}` : '–'];
          }),
        ),
      );
    }
    print(`\nWhole run: ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    const report = join(BENCH_DIR, `report-${kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
    writeFileSync(report, `${output.join('\n')}\n`);
    progress(`  report written to ${report}`);
  } finally {
    for (const process of extra.reverse()) await process.stop();
    await current.server.stop();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
