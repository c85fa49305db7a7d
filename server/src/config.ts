import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { EMBEDDED_SECRET_ENV, EMBEDDED_SECRET_MIN_LENGTH } from '../../contract/embedded-lock';

/**
 * The server's settings, read from environment variables by `parseConfig`. The command line passes
 * `process.env`; tests and the Electron embedded server pass their own object, so nothing here reads
 * the process environment by itself.
 */

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** `production` is the ASVS strength of DESIGN.md; `test` exists only so that test suites stay fast. */
export type PasswordHashCost = 'production' | 'test';

export interface TlsConfig {
  certFile: string;
  keyFile: string;
}

/** How many password hashes run and wait at once (session/hash-queue.ts). */
export interface PasswordHashQueueConfig {
  /** Hashes computed at once; below Node's libuv pool size (4), which file reads and writes share. */
  concurrency: number;
  /** Hashes waiting for their turn, across all addresses. */
  maxWaiting: number;
  /** Hashes one client address may have waiting or running. */
  perAddress: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** As given in DATABASE_URL, for messages. */
  databaseUrl: string;
  database: DatabaseConfig;
  /** Absolute path of the folder for uploads and exports. */
  storageDir: string;
  /** Origins allowed by CORS besides `app://renderer` and the server's own origin. */
  corsOrigins: string[];
  /** IANA time zone in which timestamps are shown and date filters are read. */
  timeZone: string;
  tls: TlsConfig | null;
  /** Absolute path of the built renderer to serve, or null for an API-only server. */
  webDir: string | null;
  /**
   * Absolute path of the folder holding the desktop installer and `latest.yml` that the office's PCs
   * update from (`GET /updates/…`, plugins/update-feed.ts), or null: no update feed, 404.
   */
  updatesDir: string | null;
  passwordHashCost: PasswordHashCost;
  passwordHashQueue: PasswordHashQueueConfig;
  /**
   * Reverse proxies (addresses or CIDR ranges) whose `X-Forwarded-For` names the client; empty: the
   * client is the connection's own address and the header is ignored.
   */
  trustProxy: string[];
  /** Largest JSON or form body; uploads have their own limits. */
  bodyLimitBytes: number;
  /** Fastify has no request time-out by default; 2 minutes leaves room for a 20 MB upload on a slow LAN. */
  requestTimeoutMs: number;
  /**
   * Set only when the desktop app starts this server as its embedded one (EMBEDDED_SECRET): then every
   * request must carry it and name this server's own `127.0.0.1:<port>` as its Host
   * (plugins/embedded-lock.ts). Null: the office server, open to any client as before.
   */
  embeddedSecret: string | null;
  /**
   * Requests a minute one client address may send (plugins/flood-guard.ts); 0 turns the guard off. Never
   * applied to the embedded server, whose every request is the one clerk's.
   */
  rateLimitPerMinute: number;
  /**
   * The names and addresses a request's Host may name (plugins/host-check.ts), lower case, without
   * ports; null: the default (loopback, HOST when it is one address, the machine's own addresses and
   * name). Loopback names are always allowed.
   */
  allowedHosts: string[] | null;
  /** Document zips built at once by this server (modules/filed/downloads); more answer 429. */
  exportConcurrency: number;
  /** Bytes the export folder (zips and Excel exports) may hold before new exports answer 429. */
  exportsMaxBytes: number;
  /**
   * BACKUP_DIR: absolute path of the folder the daily backups of a SQLite database and its files go to
   * (platform/backup); null: no automatic backups. The desktop app sets it for its embedded server.
   */
  backupDir: string | null;
}

export type Env = Record<string, string | undefined>;

/** The Electron renderer's origin (a privileged custom scheme): always allowed. */
export const RENDERER_ORIGIN = 'app://renderer';

export const DEFAULTS = {
  port: 8787,
  host: '127.0.0.1',
  databaseUrl: 'sqlite:./data/app.db',
  storageDir: './data/storage',
  timeZone: 'Asia/Shanghai',
  bodyLimitBytes: 1024 * 1024,
  requestTimeoutMs: 120_000,
  rateLimitPerMinute: 600,
  exportConcurrency: 2,
  exportsMaxMb: 5000,
  // Two of the pool's four threads: file work keeps the other two (measured in server/bench/login-flood.ts).
  passwordHashQueue: { concurrency: 2, maxWaiting: 16, perAddress: 4 },
} as const;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const valueOf = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

const parsePort = (raw: string | undefined): number => {
  if (raw === undefined) return DEFAULTS.port;
  // 0 asks the system for a free port: the embedded server uses it.
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) throw new ConfigError(`PORT 必须是 0 到 65535 之间的整数：${raw}`);
  return Number(raw);
};

/** `sqlite:<path>` (relative to `cwd`) or `postgres://…` / `postgresql://…`. */
export const parseDatabaseUrl = (url: string, cwd: string): DatabaseConfig => {
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', url };
  if (/^sqlite:/i.test(url)) {
    // Not parsed as a URL: Windows paths such as `sqlite:C:\Users\…\app.db` must survive as they are.
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/|[A-Za-z]:)/, '');
    if (!path) throw new ConfigError('DATABASE_URL 缺少 SQLite 数据库文件路径');
    return { kind: 'sqlite', file: isAbsolute(path) ? path : resolve(cwd, path) };
  }
  throw new ConfigError(`DATABASE_URL 只支持 sqlite:<文件> 或 postgres://…：${url}`);
};

const parseOrigins = (raw: string | undefined): string[] => {
  if (!raw) return [];
  return raw
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin.length > 0);
};

const parseTimeZone = (raw: string | undefined): string => {
  const timeZone = raw ?? DEFAULTS.timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new ConfigError(`TZ 不是有效的时区：${timeZone}`);
  }
  return timeZone;
};

const parseHashCost = (raw: string | undefined): PasswordHashCost => {
  if (raw === undefined || raw === 'production') return 'production';
  if (raw === 'test') return 'test';
  throw new ConfigError(`PASSWORD_HASH_COST 只能是 production 或 test：${raw}`);
};

const parseCount = (name: string, raw: string | undefined, fallback: number, max: number): number => {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    throw new ConfigError(`${name} 必须是 1 到 ${max} 之间的整数：${raw}`);
  }
  return Number(raw);
};

const parseHashQueue = (env: Env): PasswordHashQueueConfig => {
  const defaults = DEFAULTS.passwordHashQueue;
  return {
    concurrency: parseCount(
      'PASSWORD_HASH_CONCURRENCY',
      valueOf(env, 'PASSWORD_HASH_CONCURRENCY'),
      defaults.concurrency,
      64,
    ),
    maxWaiting: parseCount('PASSWORD_HASH_QUEUE', valueOf(env, 'PASSWORD_HASH_QUEUE'), defaults.maxWaiting, 10_000),
    perAddress: parseCount(
      'PASSWORD_HASH_PER_ADDRESS',
      valueOf(env, 'PASSWORD_HASH_PER_ADDRESS'),
      defaults.perAddress,
      10_000,
    ),
  };
};

/** The names proxy-addr (Fastify's `trustProxy`) knows for the private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyEntry = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/**
 * `TRUST_PROXY`: comma-separated addresses or CIDR ranges of the reverse proxies in front of the
 * server. Never "trust everyone": then any client could name itself any address in the header and
 * step around the per-address login throttle.
 */
const parseTrustProxy = (raw: string | undefined): string[] => {
  if (!raw) return [];
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const invalid = entries.find((entry) => !isProxyEntry(entry));
  if (invalid !== undefined)
    throw new ConfigError(`TRUST_PROXY 只能是代理服务器的 IP 地址或网段（如 10.0.0.0/8）：${invalid}`);
  return entries;
};

/**
 * EMBEDDED_SECRET: a long random value, and only for a server that listens on 127.0.0.1 (the lock checks
 * the Host against `127.0.0.1:<port>`). Spaces are not trimmed away: the secret is compared as given.
 */
const parseEmbeddedSecret = (env: Env, host: string): string | null => {
  const secret = env[EMBEDDED_SECRET_ENV];
  if (secret === undefined || secret === '') return null;
  if (secret.length < EMBEDDED_SECRET_MIN_LENGTH || /\s/.test(secret)) {
    throw new ConfigError(`${EMBEDDED_SECRET_ENV} 至少 ${EMBEDDED_SECRET_MIN_LENGTH} 个字符，且不能含空白`);
  }
  if (host !== '127.0.0.1') throw new ConfigError(`${EMBEDDED_SECRET_ENV} 只用于监听 127.0.0.1 的内置服务器`);
  return secret;
};

const parseRateLimit = (raw: string | undefined): number => {
  if (raw === undefined) return DEFAULTS.rateLimitPerMinute;
  if (!/^\d+$/.test(raw) || Number(raw) > 1_000_000) {
    throw new ConfigError(`RATE_LIMIT_PER_MINUTE 必须是 0 到 1000000 之间的整数（0 表示不限制）：${raw}`);
  }
  return Number(raw);
};

/** A DNS name (letters, digits, `-`, `_` as Windows names allow) or an IP address, without a port. */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** `ALLOWED_HOSTS`: `office-pc,192.168.1.10,[fe80::1]`; IPv6 brackets and one trailing dot are dropped. */
const parseAllowedHosts = (raw: string | undefined): string[] | null => {
  if (raw === undefined) return null;
  const entries = raw
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry.length > 0)
    .map((entry) => entry.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, ''));
  const invalid = entries.find((entry) => isIP(entry) === 0 && !HOST_NAME.test(entry));
  if (invalid !== undefined) {
    throw new ConfigError(`ALLOWED_HOSTS 只能是服务器的名称或 IP 地址（不带端口），逗号分隔：${invalid}`);
  }
  return entries.length > 0 ? entries : null;
};

export const parseConfig = (env: Env, cwd: string = process.cwd()): AppConfig => {
  const databaseUrl = valueOf(env, 'DATABASE_URL') ?? DEFAULTS.databaseUrl;
  const certFile = valueOf(env, 'TLS_CERT');
  const keyFile = valueOf(env, 'TLS_KEY');
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new ConfigError('TLS_CERT 与 TLS_KEY 必须同时设置');
  }
  const webDir = valueOf(env, 'WEB_DIR');
  const updatesDir = valueOf(env, 'UPDATES_DIR');
  const backupDir = valueOf(env, 'BACKUP_DIR');
  const host = valueOf(env, 'HOST') ?? DEFAULTS.host;
  return {
    port: parsePort(valueOf(env, 'PORT')),
    host,
    databaseUrl,
    database: parseDatabaseUrl(databaseUrl, cwd),
    storageDir: resolve(cwd, valueOf(env, 'STORAGE_DIR') ?? DEFAULTS.storageDir),
    corsOrigins: parseOrigins(valueOf(env, 'CORS_ORIGINS')),
    timeZone: parseTimeZone(valueOf(env, 'TZ')),
    tls: certFile && keyFile ? { certFile: resolve(cwd, certFile), keyFile: resolve(cwd, keyFile) } : null,
    webDir: webDir ? resolve(cwd, webDir) : null,
    updatesDir: updatesDir ? resolve(cwd, updatesDir) : null,
    passwordHashCost: parseHashCost(valueOf(env, 'PASSWORD_HASH_COST')),
    passwordHashQueue: parseHashQueue(env),
    trustProxy: parseTrustProxy(valueOf(env, 'TRUST_PROXY')),
    bodyLimitBytes: DEFAULTS.bodyLimitBytes,
    requestTimeoutMs: DEFAULTS.requestTimeoutMs,
    embeddedSecret: parseEmbeddedSecret(env, host),
    rateLimitPerMinute: parseRateLimit(valueOf(env, 'RATE_LIMIT_PER_MINUTE')),
    allowedHosts: parseAllowedHosts(valueOf(env, 'ALLOWED_HOSTS')),
    exportConcurrency: parseCount(
      'EXPORT_CONCURRENCY',
      valueOf(env, 'EXPORT_CONCURRENCY'),
      DEFAULTS.exportConcurrency,
      64,
    ),
    exportsMaxBytes:
      parseCount('EXPORTS_MAX_MB', valueOf(env, 'EXPORTS_MAX_MB'), DEFAULTS.exportsMaxMb, 100_000_000) * 1024 * 1024,
    backupDir: backupDir ? resolve(cwd, backupDir) : null,
  };
};
