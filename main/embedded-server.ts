import { join } from 'node:path';
import { EMBEDDED_SECRET_ENV } from '../contract/embedded-lock';
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
  /** Where the server now listens, or `''` once it stopped or died: main points the secret header there. */
  onUrl?: (url: string) => void;
  log: LoggerLike;
  startTimeoutMs?: number;
  /** How long a database upgrade (backup and migrations) may take before main gives up on it. */
  upgradeTimeoutMs?: number;
  stopTimeoutMs?: number;
}

export interface EmbeddedServerStatus {
  url: string;
  error?: string;
}

export interface EmbeddedServer {
  /** Starts the server if it is not running and answers its URL; rejects with a Chinese message. */
  start(): Promise<string>;
  stop(): Promise<void>;
  status(): EmbeddedServerStatus;
}

export const embeddedServerMessages = {
  startFailed: (detail: string) => `内置服务器启动失败：${detail}`,
  startTimeout: '内置服务器启动超时，请重新启动应用；如仍失败，请把日志文件发给技术支持',
  upgradeTimeout:
    '数据库升级时间过长，已停止；数据库保持升级前的状态，请重新启动应用；如仍失败，请把日志文件发给技术支持',
  exited: (code: number) => `内置服务器意外退出（退出码 ${code}），请重新启动应用`,
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
    PORT: '0',
    DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
    STORAGE_DIR: join(dataDir, 'storage'),
    CORS_ORIGINS: [appOrigin, ...extraOrigins].join(','),
    TZ: baseEnv.TZ || 'Asia/Shanghai',
    [EMBEDDED_SECRET_ENV]: secret,
  };
}

/** Runs `server/` in an Electron utility process and learns its URL from its first message. */
export function createEmbeddedServer(deps: EmbeddedServerDeps): EmbeddedServer {
  const secret = deps.secret ?? newEmbeddedSecret();
  const startTimeoutMs = deps.startTimeoutMs ?? 60_000;
  const upgradeTimeoutMs = deps.upgradeTimeoutMs ?? 30 * 60_000;
  const stopTimeoutMs = deps.stopTimeoutMs ?? 5_000;
  let child: UtilityProcessLike | null = null;
  let starting: Promise<string> | null = null;
  let url = '';
  let error: string | undefined;
  let stopping = false;

  const forward = (stream: OutputStreamLike | null, write: (line: string) => void) => {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) write(line);
    });
  };

  const launch = () =>
    new Promise<string>((resolve, reject) => {
      stopping = false;
      const env = embeddedServerEnv(deps.userDataDir, deps.baseEnv, secret, deps.extraOrigins);
      deps.log.info('embedded server: starting', { database: env.DATABASE_URL, storage: env.STORAGE_DIR });
      const proc = deps.fork(deps.entryPath, [], { env, stdio: 'pipe', serviceName: 'embedded-server' });
      child = proc;
      forward(proc.stdout, (line) => deps.log.info(`[server] ${line}`));
      forward(proc.stderr, (line) => deps.log.warn(`[server] ${line}`));

      let settled = false;
      const settle = (outcome: { url: string } | { error: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if ('url' in outcome) {
          url = outcome.url;
          error = undefined;
          deps.log.info(`embedded server: listening on ${outcome.url}`);
          // Before anyone is told the URL, so the page's first request already carries the secret.
          deps.onUrl?.(outcome.url);
          resolve(outcome.url);
        } else {
          url = '';
          error = outcome.error;
          deps.log.error(`embedded server: ${outcome.error}`);
          reject(new Error(outcome.error));
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
        } else if (message.type === 'ready') settle({ url: message.url });
        else settle({ error: embeddedServerMessages.startFailed(message.message) });
      });
      proc.on('exit', (code) => {
        if (child === proc) child = null;
        if (!settled) {
          settle({ error: embeddedServerMessages.startFailed(`进程退出（退出码 ${code}）`) });
          return;
        }
        if (!stopping) {
          url = '';
          error = embeddedServerMessages.exited(code);
          deps.log.error(`embedded server: ${error}`);
          deps.onUrl?.('');
        }
      });
    });

  return {
    start() {
      if (child && url) return Promise.resolve(url);
      if (!starting) {
        starting = launch().finally(() => {
          starting = null;
        });
      }
      return starting;
    },
    async stop() {
      const proc = child;
      if (!proc) return;
      stopping = true;
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
    },
    status: () => ({ url, ...(error ? { error } : {}) }),
  };
}
