import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

const cwd = resolve('/srv/app');

describe('parseConfig', () => {
  it('has the defaults of the README', () => {
    const config = parseConfig({}, cwd);
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/app.db',
      database: { kind: 'sqlite', file: resolve(cwd, 'data/app.db') },
      storageDir: resolve(cwd, 'data/storage'),
      corsOrigins: [],
      timeZone: 'Asia/Shanghai',
      tls: null,
      webDir: null,
      passwordHashCost: 'production',
      // Nobody's X-Forwarded-For is believed unless a proxy is named.
      trustProxy: [],
      passwordHashQueue: { concurrency: 2, maxWaiting: 16, perAddress: 4 },
    });
    expect(config.requestTimeoutMs).toBeGreaterThan(0);
  });

  it('selects PostgreSQL from a postgres:// URL', () => {
    const url = 'postgres://app:secret@db.local:5432/vehicle_export';
    expect(parseConfig({ DATABASE_URL: url }, cwd).database).toEqual({ kind: 'postgres', url });
    expect(parseConfig({ DATABASE_URL: 'postgresql://db/x' }, cwd).database.kind).toBe('postgres');
  });

  it('keeps absolute and Windows SQLite paths as they are', () => {
    expect(parseConfig({ DATABASE_URL: 'sqlite:/var/lib/app.db' }, cwd).database).toEqual({
      kind: 'sqlite',
      file: '/var/lib/app.db',
    });
    const windows = parseConfig({ DATABASE_URL: 'sqlite:C:\\Users\\clerk\\app.db' }, cwd).database;
    expect(windows.kind === 'sqlite' && windows.file.endsWith('C:\\Users\\clerk\\app.db')).toBe(true);
  });

  it('reads the other settings', () => {
    const config = parseConfig(
      {
        PORT: '0',
        HOST: '0.0.0.0',
        STORAGE_DIR: '/data/files',
        CORS_ORIGINS: 'https://office.example/, http://10.0.0.5:8787 ,,',
        TZ: 'Europe/Berlin',
        TLS_CERT: 'tls/cert.pem',
        TLS_KEY: 'tls/key.pem',
        WEB_DIR: 'renderer-dist',
        PASSWORD_HASH_COST: 'test',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      storageDir: '/data/files',
      corsOrigins: ['https://office.example', 'http://10.0.0.5:8787'],
      timeZone: 'Europe/Berlin',
      tls: { certFile: resolve(cwd, 'tls/cert.pem'), keyFile: resolve(cwd, 'tls/key.pem') },
      webDir: resolve(cwd, 'renderer-dist'),
      passwordHashCost: 'test',
    });
  });

  it.each([
    [{ PORT: '80a' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL'],
    [{ TZ: 'Mars/Olympus' }, 'TZ'],
    [{ TLS_CERT: 'cert.pem' }, 'TLS_KEY'],
    [{ PASSWORD_HASH_COST: 'cheap' }, 'PASSWORD_HASH_COST'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '*' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.office.local' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.256' }, 'TRUST_PROXY'],
    [{ PASSWORD_HASH_CONCURRENCY: '0' }, 'PASSWORD_HASH_CONCURRENCY'],
    [{ PASSWORD_HASH_QUEUE: 'many' }, 'PASSWORD_HASH_QUEUE'],
    [{ PASSWORD_HASH_PER_ADDRESS: '-1' }, 'PASSWORD_HASH_PER_ADDRESS'],
    [{ EMBEDDED_SECRET: 'short' }, 'EMBEDDED_SECRET'],
    [{ EMBEDDED_SECRET: `${'a'.repeat(40)} b` }, 'EMBEDDED_SECRET'],
    [{ EMBEDDED_SECRET: 'a'.repeat(43), HOST: '0.0.0.0' }, 'EMBEDDED_SECRET'],
    [{ RATE_LIMIT_PER_MINUTE: '-1' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ RATE_LIMIT_PER_MINUTE: 'lots' }, 'RATE_LIMIT_PER_MINUTE'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => parseConfig(env, cwd)).toThrow(ConfigError);
    expect(() => parseConfig(env, cwd)).toThrow(name);
  });

  it('reads the proxies to trust and the hashing queue', () => {
    const config = parseConfig(
      {
        TRUST_PROXY: ' 10.0.0.1 , 192.168.1.0/24,fd00::/8,::1, loopback ,',
        PASSWORD_HASH_CONCURRENCY: '1',
        PASSWORD_HASH_QUEUE: '8',
        PASSWORD_HASH_PER_ADDRESS: '2',
      },
      cwd,
    );
    expect(config.trustProxy).toEqual(['10.0.0.1', '192.168.1.0/24', 'fd00::/8', '::1', 'loopback']);
    expect(config.passwordHashQueue).toEqual({ concurrency: 1, maxWaiting: 8, perAddress: 2 });
  });

  it('locks the server only when EMBEDDED_SECRET is given; the flood guard is 600 a minute unless told', () => {
    expect(parseConfig({}, cwd)).toMatchObject({ embeddedSecret: null, rateLimitPerMinute: 600 });
    const secret = 'Zx_9'.repeat(11);
    expect(parseConfig({ EMBEDDED_SECRET: secret }, cwd).embeddedSecret).toBe(secret);
    expect(parseConfig({ EMBEDDED_SECRET: '' }, cwd).embeddedSecret).toBeNull();
    expect(parseConfig({ RATE_LIMIT_PER_MINUTE: '0' }, cwd).rateLimitPerMinute).toBe(0);
    expect(parseConfig({ RATE_LIMIT_PER_MINUTE: '1200' }, cwd).rateLimitPerMinute).toBe(1200);
  });
});
