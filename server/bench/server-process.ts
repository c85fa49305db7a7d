/**
 * The real server as a child process (`server/src/main.ts serve`, as `npm run server` runs it) on a free
 * port, with its log in a file; its peak memory read from /proc; and the bench's login.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { BENCH_ADMIN, md5md5 } from './bench-admin';
import { BENCH_DIR } from './seed';
import { SERVER_V8_FLAGS } from '../src/v8-flags';

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `url` answers /api/health, or the child exits. */
export const waitForHealth = async (url: string, child: ChildProcess, logFile: string): Promise<void> => {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `server exited with ${child.exitCode}; see ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`server at ${url} did not answer within 2 minutes; see ${logFile}`);
};

let started = 0;

/**
 * Starts `node --import tsx server/src/main.ts serve` (node itself, not the tsx launcher, so that the
 * child's pid is the server's and /proc/<pid>/status shows its memory).
 */
export const startServer = async (databaseUrl: string, storageDir: string): Promise<ServerProcess> => {
  const port = await freePort();
  mkdirSync(BENCH_DIR, { recursive: true });
  started += 1;
  const logFile = join(BENCH_DIR, `server-${started}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...SERVER_V8_FLAGS, '--import', 'tsx', 'server/src/main.ts', 'serve'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: storageDir,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(url, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error('server has no pid');
  return { url, pid: child.pid, child, stop };
};

/** Peak (VmHWM) and current (VmRSS) resident memory of a process, in MiB. */
export const memoryOf = (pid: number): { peakMiB: number; rssMiB: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { peakMiB: kib('VmHWM') / 1024, rssMiB: kib('VmRSS') / 1024 };
};

/** Resets the peak so the next reading is this measurement's own (Linux: `5` to clear_refs); false if refused. */
export const resetPeak = (pid: number): boolean => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
};

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** The bench's bearer token: the seeded administrator (created through the setup route on an empty database). */
export const logIn = async (url: string): Promise<string> => {
  const password = md5md5(BENCH_ADMIN.password);
  const status = (await (await fetch(`${url}/api/setup`)).json()) as Envelope<{ needs_setup: boolean }>;
  if (status.data.needs_setup) {
    const response = await fetch(`${url}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: BENCH_ADMIN.username,
        nickname: '管理员',
        phone_number: '13800000000',
        password,
      }),
    });
    if (!response.ok) throw new Error(`setup refused: ${response.status} ${await response.text()}`);
  }
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_ADMIN.username, password }),
  });
  if (!response.ok) throw new Error(`login refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as Envelope<{ token: string }>).data.token;
};

/** A round-robin proxy (round-robin-proxy.ts) in a process of its own, in front of `upstreams`. */
export const startProxy = async (upstreams: string[]): Promise<ServerProcess> => {
  const port = await freePort();
  const logFile = join(BENCH_DIR, `proxy-${port}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/bench/round-robin-proxy.ts', String(port), ...upstreams],
    { cwd: process.cwd(), stdio: ['ignore', log, log] },
  );
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  };
  await waitForHealth(url, child, logFile);
  if (child.pid === undefined) throw new Error('proxy has no pid');
  return { url, pid: child.pid, child, stop };
};
