import { join } from 'node:path';
import { EMBEDDED_SECRET_ENV } from '../contract/embedded-lock';
import { SERVER_V8_FLAGS } from '../server/src/v8-flags';
import { appOrigin } from './app-protocol';
import { newEmbeddedSecret } from './embedded-secret';
import { isServerProcessMessage, type MainToServerMessage } from './server-process-messages';

/** The part of Electron's `UtilityProcess` used here. */
/** Electron types the child's output as Node's `ReadableStream` interface: only `data` events are read. */
export interface OutputStreamLike {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
}

export interface UtilityProcessLike {
  readonly stdout: OutputStreamLike | null;
  readonly stderr: OutputStreamLike | null;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  once(event: 'exit', listener: (code: number) => void): unknown;
  postMessage(message: MainToServerMessage): void;
  kill(): boolean;
}

export interface ForkOptionsLike {
  env: Record<string, string | undefined>;
  stdio: 'pipe';
  serviceName: string;
  /** V8 flags of the server process (server/src/v8-flags.ts). */
  execArgv: string[];
}

export type ForkFn = (modulePath: string, args: string[], options: ForkOptionsLike) => UtilityProcessLike;

export interface LoggerLike {
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
}

export interface EmbeddedServerDeps {
  fork: ForkFn;
  /** dist-electron/server-process.js */
  entryPath: string;
  /** Electron's userData folder: the database and the files live under its `data/`. */
  userDataDir: string;
  /** The process environment to start from (the server reads its settings from it). */
  baseEnv: Record<string, string | undefined>;
  /** Extra CORS origins, e.g. the vite dev server while developing. */
  extraOrigins?: string[];
  /**
   * This launch's secret (embedded-secret.ts): handed to the server in its environment, never in its
   * arguments and never to the log; the server then answers only requests that carry it. Without one a
   * fresh random secret is used: the embedded server never starts unlocked.
   */
  secret?: string;
  /**
   * The folder the server backs up to (BACKUP_DIR, issue 27), read at every start so that a new choice
   * applies at the restart that follows it; absent: whatever the environment says.
   */
  backupDir?: () => string | null;
  /** Where the server now listens, or `''` once it stopped or died: main points the secret header there. */
  onUrl?: (url: string) => void;
  /** The server's own life told to main: an unexpected exit and the restart that follows (or none). */
  onEvent?: (event: EmbeddedServerEvent) => void;
  log: LoggerLike;
  /** At most this many restarts after unexpected exits within `restartWindowMs`; then it stays down. */
  maxRestarts?: number;
  restartWindowMs?: number;
  /** The wait before the first, second, third… restart within the window (back-off). */
  restartDelaysMs?: readonly number[];
  startTimeoutMs?: number;
  /** How long a database upgrade (backup and migrations) may take before main gives up on it. */
  upgradeTimeoutMs?: number;
  stopTimeoutMs?: number;
}

export type EmbeddedServerEvent =
  /** It exited without being asked to: it will be started again after `delayMs`. */
  | { type: 'restarting'; code: number; delayMs: number }
  /**
   * It answers again, at `url`: on the same port when that was free, else `moved` (the page, whose CSP
   * and API base name the old address, must then be loaded again).
   */
  | { type: 'restarted'; url: string; moved: boolean }
  /** Too many exits in a short time: it stays down (`error` says so). */
  | { type: 'gave-up'; error: string };

export interface EmbeddedServerStatus {
  url: string;
  error?: string;
}

export interface EmbeddedServer {
  /** Starts the server if it is not running and answers its URL; rejects with a Chinese message. */
  start(): Promise<string>;
  stop(): Promise<void>;
  /**
   * Stops and starts it again on the port it had: after a new backup folder, and when the server asks
   * for it (a restore from 数据备份 is applied at its next start).
   */
  restart(): Promise<string>;
  status(): EmbeddedServerStatus;
}

export const embeddedServerMessages = {
  startFailed: (detail: string) => `内置服务器启动失败：${detail}`,
  startTimeout: '内置服务器启动超时，请重新启动应用；如仍失败，请把日志文件发给技术支持',
  upgradeTimeout:
    '数据库升级时间过长，已停止；数据库保持升级前的状态，请重新启动应用；如仍失败，请把日志文件发给技术支持',
  exited: (code: number) => `内置服务器意外退出（退出码 ${code}），请重新启动应用`,
  gaveUp: (times: number, minutes: number) =>
    `内置服务器在 ${minutes} 分钟内意外退出 ${times} 次，已停止自动重启，请重新启动应用；如仍失败，请把日志文件发给技术支持`,
} as const;

/**
 * The server's settings in the app: loopback only, any free port, SQLite and files in the user's data
 * folder, the renderer's origin allowed by CORS, and this launch's secret. TLS and a web folder from a
 * developer's shell are dropped: the embedded server serves the API only, on 127.0.0.1.
 */
export function embeddedServerEnv(
  userDataDir: string,
  baseEnv: Record<string, string | undefined>,
  secret: string,
  extraOrigins: string[] = [],
  /** 0 for any free port; a restart asks for the port it had, so the page's address stays right. */
  port = 0,
  /** BACKUP_DIR (issue 27); undefined keeps the environment's. */
  backupDir?: string | null,
): Record<string, string | undefined> {
  const dataDir = join(userDataDir, 'data');
  const env: Record<string, string | undefined> = { ...baseEnv };
  delete env.TLS_CERT;
  delete env.TLS_KEY;
  delete env.WEB_DIR;
  delete env.PASSWORD_HASH_COST;
  return {
    ...env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
    STORAGE_DIR: join(dataDir, 'storage'),
    CORS_ORIGINS: [appOrigin, ...extraOrigins].join(','),
    TZ: baseEnv.TZ || 'Asia/Shanghai',
    ...(backupDir === undefined ? {} : { BACKUP_DIR: backupDir ?? '' }),
    [EMBEDDED_SECRET_ENV]: secret,
  };
}

/**
 * Runs `server/` in an Electron utility process and learns its URL from its first message. A server that
 * exits without being asked to is started again after a pause, on the port it had (at most
 * `maxRestarts` times in `restartWindowMs`: a server that keeps dying stays down, with a message).
 */
export function createEmbeddedServer(deps: EmbeddedServerDeps): EmbeddedServer {
  const secret = deps.secret ?? newEmbeddedSecret();
  const startTimeoutMs = deps.startTimeoutMs ?? 60_000;
  const upgradeTimeoutMs = deps.upgradeTimeoutMs ?? 30 * 60_000;
  const stopTimeoutMs = deps.stopTimeoutMs ?? 5_000;
  const maxRestarts = deps.maxRestarts ?? 3;
  const restartWindowMs = deps.restartWindowMs ?? 5 * 60_000;
  const restartDelaysMs = deps.restartDelaysMs ?? [1_000, 5_000, 15_000];
  let child: UtilityProcessLike | null = null;
  let starting: Promise<string> | null = null;
  let url = '';
  let error: string | undefined;
  let stopping = false;
  /** When the restarts of the current window happened. */
  let restarts: number[] = [];
  let restartTimer: NodeJS.Timeout | null = null;
  /** The port the last running server had: a restart asks for it again. */
  let lastPort = 0;
  /** Between an unexpected exit and the server answering again (or main giving up on it). */
  let recovering = false;
  /** Where the server was when it exited: the page still calls that address. */
  let urlBeforeExit = '';

  const forward = (stream: OutputStreamLike | null, write: (line: string) => void) => {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) write(line);
    });
  };

  const launch = (port: number) =>
    new Promise<string>((resolve, reject) => {
      stopping = false;
      const env = embeddedServerEnv(
        deps.userDataDir,
        deps.baseEnv,
        secret,
        deps.extraOrigins,
        port,
        deps.backupDir ? deps.backupDir() : undefined,
      );
      deps.log.info('embedded server: starting', { database: env.DATABASE_URL, storage: env.STORAGE_DIR });
      const proc = deps.fork(deps.entryPath, [], {
        env,
        stdio: 'pipe',
        serviceName: 'embedded-server',
        execArgv: [...SERVER_V8_FLAGS],
      });
      child = proc;
      forward(proc.stdout, (line) => deps.log.info(`[server] ${line}`));
      forward(proc.stderr, (line) => deps.log.warn(`[server] ${line}`));

      let settled = false;
      /** It reported ready: only such a server's exit is a crash to recover from (not a failed start). */
      let ran = false;
      const settle = (outcome: { url: string } | { error: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if ('url' in outcome) {
          ran = true;
          url = outcome.url;
          error = undefined;
          lastPort = Number(new URL(outcome.url).port) || 0;
          deps.log.info(`embedded server: listening on ${outcome.url}`);
          // Before anyone is told the URL, so the page's first request already carries the secret.
          deps.onUrl?.(outcome.url);
          if (recovering) {
            recovering = false;
            deps.onEvent?.({ type: 'restarted', url: outcome.url, moved: outcome.url !== urlBeforeExit });
          }
          resolve(outcome.url);
        } else {
          url = '';
          error = outcome.error;
          deps.log.error(`embedded server: ${outcome.error}`);
          reject(new Error(outcome.error));
          // A restart that did not come up (its port taken meanwhile, say): again, on any free port.
          if (recovering && !stopping) scheduleRestart(-1, 0);
        }
      };
      const giveUp = (message: string, afterMs: number) =>
        setTimeout(() => {
          settle({ error: message });
          proc.kill();
        }, afterMs);
      let timer = giveUp(embeddedServerMessages.startTimeout, startTimeoutMs);

      proc.on('message', (message) => {
        if (!isServerProcessMessage(message)) return;
        if (message.type === 'upgrading') {
          // The upgrade runs in one transaction: ended halfway it is undone and the next start begins it
          // again, so the start timeout must not end it; a much longer one still catches a hung upgrade.
          if (settled) return;
          clearTimeout(timer);
          timer = giveUp(embeddedServerMessages.upgradeTimeout, upgradeTimeoutMs);
          deps.log.info('embedded server: backing up and upgrading the database');
        } else if (message.type === 'restart') {
          if (settled && ran) void restart().catch(() => undefined);
        } else if (message.type === 'ready') settle({ url: message.url });
        else settle({ error: embeddedServerMessages.startFailed(message.message) });
      });
      proc.on('exit', (code) => {
        if (child === proc) child = null;
        if (!settled) {
          settle({ error: embeddedServerMessages.startFailed(`进程退出（退出码 ${code}）`) });
          return;
        }
        if (ran && !stopping) {
          if (!recovering) urlBeforeExit = url;
          url = '';
          deps.log.error(`embedded server: ${embeddedServerMessages.exited(code)}`);
          deps.onUrl?.('');
          scheduleRestart(code, lastPort);
        }
      });
    });

  const startOnce = (port: number) => {
    if (restartTimer) {
      clearTimeout(restartTimer);
      restartTimer = null;
    }
    if (!starting) {
      starting = launch(port).finally(() => {
        starting = null;
      });
    }
    return starting;
  };

  /** After an unexpected exit (or a restart that did not come up): again after a pause, unless it keeps dying. */
  function scheduleRestart(code: number, port: number) {
    const now = Date.now();
    restarts = restarts.filter((at) => now - at < restartWindowMs);
    if (restarts.length >= maxRestarts) {
      recovering = false;
      error = embeddedServerMessages.gaveUp(restarts.length + 1, Math.round(restartWindowMs / 60_000));
      deps.log.error(`embedded server: ${error}`);
      deps.onEvent?.({ type: 'gave-up', error });
      return;
    }
    const delayMs = restartDelaysMs[Math.min(restarts.length, restartDelaysMs.length - 1)] ?? 1_000;
    restarts.push(now);
    recovering = true;
    // Not an error while it restarts: the page shows the restart banner instead.
    error = undefined;
    deps.log.warn(`embedded server: restarting in ${delayMs} ms (restart ${restarts.length} of ${maxRestarts})`);
    deps.onEvent?.({ type: 'restarting', code, delayMs });
    restartTimer = setTimeout(() => {
      restartTimer = null;
      // A failure is handled where the launch settles; nobody else awaits this one.
      startOnce(port).catch(() => undefined);
    }, delayMs);
  }

  async function stop() {
    stopping = true;
    recovering = false;
    if (restartTimer) {
      clearTimeout(restartTimer);
      restartTimer = null;
    }
    const proc = child;
    if (!proc) return;
    if (starting) await starting.catch(() => undefined);
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.postMessage({ type: 'stop' });
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), stopTimeoutMs).unref?.()),
    ]);
    if (timedOut) {
      deps.log.warn('embedded server: did not stop in time, killing it');
      proc.kill();
    }
    if (child === proc) child = null;
    url = '';
    error = undefined;
    deps.onUrl?.('');
  }

  async function restart() {
    const before = url;
    const port = lastPort;
    deps.log.info('embedded server: restarting on request');
    await stop();
    const now = await startOnce(port).catch(() => startOnce(0));
    deps.onEvent?.({ type: 'restarted', url: now, moved: now !== before });
    return now;
  }

  return {
    start() {
      if (child && url) return Promise.resolve(url);
      // Asked while a restart waits out its pause: now, on the port the page knows.
      return startOnce(restartTimer ? lastPort : 0);
    },
    stop,
    restart,
    status: () => ({ url, ...(error ? { error } : {}) }),
  };
}
