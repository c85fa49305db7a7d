import { statSync } from 'node:fs';
import { join } from 'node:path';
import { type LoadResult, runLoad, settle, startPaced } from './load';
import { type Measurement } from './measurements';
import { memoryOf, resetPeak, type ServerProcess } from './server-process';
import { type LoadRow, ms, rate } from './table';

/**
 * How the bench measures one request: once (its answer and time), under load (autocannon's
 * percentiles), and an export alone and then amid the clerks' traffic (its time, file and memory).
 * main.ts decides what is measured and prints the tables.
 */

const progress = (line: string) => process.stderr.write(`${line}\n`);

export interface Answer {
  status: number;
  bytes: number;
  ms: number;
  body: string;
}

export const fetchOnce = async (url: string, token: string | null): Promise<Answer> => {
  const started = performance.now();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(body), ms: performance.now() - started, body };
};

/** One list under load for `seconds`, after a check that it answers 200. */
export const measureLoad = async (
  server: ServerProcess,
  token: string,
  measurement: Measurement,
  loadConnections: number,
  seconds: number,
): Promise<LoadRow> => {
  const url = `${server.url}${measurement.path}`;
  const check = await fetchOnce(url, measurement.public ? null : token);
  if (check.status !== 200) {
    throw new Error(`${measurement.name}: ${measurement.path} answered ${check.status}: ${check.body.slice(0, 300)}`);
  }
  await settle(server.url);
  const result = await runLoad({
    url,
    token: measurement.public ? undefined : token,
    connections: loadConnections,
    seconds,
  });
  await settle(server.url);
  progress(
    `  ${measurement.name.padEnd(28)} p50 ${ms(result.p50).padStart(10)}  p95 ${ms(result.p95).padStart(10)}  ${rate(result.perSecond).padStart(7)}/s`,
  );
  return { name: measurement.name, path: measurement.path, bytes: check.bytes, result };
};

export interface ExportRow {
  name: string;
  path: string;
  aloneMs: number;
  loadedMs: number;
  fileMiB: number;
  rssBeforeMiB: number;
  peakMiB: number;
  peakSource: string;
  during: LoadResult;
}

/**
 * The clerks' own traffic while an export runs: `/api/order` at a steady 20 requests a second (a dozen
 * clerks paging through lists), each sent on time (load.ts `startPaced`). A list load flat out would
 * starve the export instead of showing what others wait for (measured: a 4 s export then took 47 s).
 */
export const CLERKS_RATE = 20;

/**
 * One export of everything on a fresh server (so the RSS before is the server's own, not what earlier
 * measurements left in its heap): first alone (its time, the peak memory), then again while the
 * clerks' traffic runs (`/api/order`'s p95 meanwhile).
 */
export const measureExport = async (
  current: { server: ServerProcess; token: string },
  restart: () => Promise<void>,
  storageDir: string,
  measurement: Measurement,
): Promise<ExportRow> => {
  await restart();
  await fetchOnce(`${current.server.url}/api/order`, current.token);
  await settle(current.server.url);
  // The fresh server's peak is its start-up; the export's own peak is read against the RSS after one list.
  const peakSource = resetPeak(current.server.pid) ? 'fresh server, peak reset' : 'fresh server';
  const rssBeforeMiB = memoryOf(current.server.pid).rssMiB;
  const alone = await fetchOnce(`${current.server.url}${measurement.path}`, current.token);
  if (alone.status !== 200)
    throw new Error(`${measurement.name} answered ${alone.status}: ${alone.body.slice(0, 300)}`);
  const peakMiB = memoryOf(current.server.pid).peakMiB;
  const downloadUrl = (JSON.parse(alone.body) as { data: { download_url: string } }).data.download_url;
  const fileMiB = statSync(join(storageDir, downloadUrl.replace(/^\/storage\//, ''))).size / 1024 / 1024;
  await settle(current.server.url);
  const load = startPaced({
    url: `${current.server.url}/api/order`,
    token: current.token,
    seconds: 600,
    perSecond: CLERKS_RATE,
  });
  // Lets the list load get going before the export starts.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const loaded = await fetchOnce(`${current.server.url}${measurement.path}`, current.token);
  load.stop();
  const during = await load.done;
  progress(
    `  ${measurement.name.padEnd(28)} ${ms(alone.ms)} alone, peak ${peakMiB.toFixed(0)} MiB; /api/order p95 ${ms(during.p95)} meanwhile`,
  );
  return {
    name: measurement.name,
    path: measurement.path,
    aloneMs: alone.ms,
    loadedMs: loaded.ms,
    fileMiB,
    rssBeforeMiB,
    peakMiB,
    peakSource,
    during,
  };
};
