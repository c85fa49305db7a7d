import { request as httpRequest } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Env, parseConfig } from '../config';
import { startServer, type RunningServer } from '../main';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database';
import { rawHttp } from '../../../tests/helpers/raw-http';
import { hostNameOf, MISDIRECTED_MESSAGE } from './host-check';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request over a real socket to 127.0.0.1, naming whatever Host the test gives (a rebinding page's). */
const send = (port: number, path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });

const MISDIRECTED = { code: 421, message: MISDIRECTED_MESSAGE, data: null };
const OFFICE_ORIGIN = 'https://office.example';

/** An office server listening on a free port of 127.0.0.1, with the environment a test gives. */
const officeServer = (env: Env) => {
  const state: { testDb?: TestDatabase; running?: RunningServer; port: number } = { port: 0 };
  beforeAll(async () => {
    state.testDb = await createTestDatabase();
    const config = parseConfig(
      {
        DATABASE_URL: state.testDb.url,
        STORAGE_DIR: join(state.testDb.dir, 'storage'),
        PASSWORD_HASH_COST: 'test',
        PORT: '0',
        CORS_ORIGINS: OFFICE_ORIGIN,
        ...env,
      },
      state.testDb.dir,
    );
    state.running = await startServer(config, { logger: false });
    state.port = Number(new URL(state.running.url).port);
  });
  afterAll(async () => {
    await state.running?.close();
    await state.testDb?.cleanup();
  });
  return state;
};

describe('the office server answers only to its own names (DNS rebinding)', () => {
  const server = officeServer({});

  it('refuses a rebinding page’s Host with 421 and no CORS headers, even when its Origin is allowed', async () => {
    for (const origin of [OFFICE_ORIGIN, 'app://renderer', 'http://evil.example:8787']) {
      const answer = await send(server.port, '/api/health', { host: 'evil.example:8787', origin });
      expect(answer.status, origin).toBe(421);
      expect(JSON.parse(answer.body)).toEqual(MISDIRECTED);
      expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
      // The refusal still carries the security headers and is never cached.
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    // A preflight from that page gets nothing either, and a login attempt never reaches the route.
    const preflight = await send(
      server.port,
      '/api/login',
      { host: 'evil.example', origin: OFFICE_ORIGIN, 'access-control-request-method': 'POST' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(421);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    for (const host of ['localhost.evil.example', '127.0.0.1.nip.io:8787', 'evil.example:80@127.0.0.1']) {
      const answer = await send(server.port, '/api/user/info', { host });
      expect(answer.status, host).toBe(421);
    }
    // An empty Host, and none at all (HTTP/1.0): no name of ours either.
    for (const head of ['GET /api/health HTTP/1.1\r\nHost: \r\n', 'GET /api/health HTTP/1.0\r\n']) {
      const answer = await rawHttp(server.port, `${head}Connection: close\r\n\r\n`);
      expect(answer.status, head).toBe(421);
    }
  });

  it('answers its loopback names, its machine name and its interface addresses, whatever the port', async () => {
    const own = [
      `127.0.0.1:${server.port}`,
      'localhost',
      `LOCALHOST:${server.port}`,
      `[::1]:${server.port}`,
      `${hostname()}:${server.port}`,
      `${hostname().toUpperCase()}.:9999`,
      ...Object.values(networkInterfaces())
        .flatMap((addresses) => addresses ?? [])
        .map((address) => (address.family === 'IPv6' ? `[${address.address}]:1` : `${address.address}:1`)),
    ];
    for (const host of own) {
      const answer = await send(server.port, '/api/health', { host });
      expect(answer.status, host).toBe(200);
    }
  });

  it('gives CORS headers only to CORS_ORIGINS and app://renderer, not to the origin its Host names', async () => {
    const host = `127.0.0.1:${server.port}`;
    for (const origin of [OFFICE_ORIGIN, 'app://renderer']) {
      const answer = await send(server.port, '/api/health', { host, origin });
      expect(answer.headers['access-control-allow-origin'], origin).toBe(origin);
    }
    for (const origin of [`http://${host}`, `http://localhost:${server.port}`, 'http://evil.example']) {
      const answer = await send(server.port, '/api/health', { host, origin });
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });
});

describe('ALLOWED_HOSTS', () => {
  const server = officeServer({ ALLOWED_HOSTS: 'Vehicles.Example.com, 192.168.77.5' });

  it('answers the names it lists and the loopback ones, and no other name of the machine', async () => {
    for (const host of ['vehicles.example.com:443', 'VEHICLES.EXAMPLE.COM', '192.168.77.5:8787', '127.0.0.1']) {
      expect((await send(server.port, '/api/health', { host })).status, host).toBe(200);
    }
    for (const host of ['evil.example:8787', 'example.com', `${hostname()}-not:1`]) {
      const answer = await send(server.port, '/api/health', { host, origin: OFFICE_ORIGIN });
      expect(answer.status, host).toBe(421);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('refuses a malformed list at start, naming the entry', () => {
    for (const entry of ['office:8787', 'http://office', 'a b', '*.example.com']) {
      expect(() => parseConfig({ ALLOWED_HOSTS: entry }), entry).toThrow(/ALLOWED_HOSTS/);
    }
    expect(parseConfig({ ALLOWED_HOSTS: ' Office-PC. , [FE80::1] ,' }).allowedHosts).toEqual(['office-pc', 'fe80::1']);
    expect(parseConfig({}).allowedHosts).toBeNull();
  });
});

describe('hostNameOf', () => {
  it('takes the name and drops the port, IPv6 brackets and one trailing dot', () => {
    expect(hostNameOf('Office-PC:8787')).toBe('office-pc');
    expect(hostNameOf('[::1]:8787')).toBe('::1');
    expect(hostNameOf('::1')).toBe('::1');
    expect(hostNameOf('localhost.')).toBe('localhost');
    expect(hostNameOf('[::1')).toBeNull();
    expect(hostNameOf('')).toBeNull();
    expect(hostNameOf(undefined)).toBeNull();
  });
});
