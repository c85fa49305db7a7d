import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMBEDDED_SECRET_HEADER } from '../../../contract/embedded-lock';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-app';
import { bearer, createStaff, DEFAULT_PASSWORD, loggedInStaff, md5md5 } from '../../../tests/helpers/factories';
import { FORM_HEADERS, formEncode } from '../../../tests/helpers/form-encode';
import { orderForm, uploadOverseasFiles } from '../../../tests/helpers/overseas';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database';
import { parseConfig } from '../config';
import { type RunningServer, startServer } from '../main';
import { FORM_ENDPOINTS } from './form-body';

/**
 * Issue 13, point 3: the embedded server answers only its own app (a secret main adds to its requests,
 * and its own `127.0.0.1:<port>` as Host), over real HTTP; the office server keeps today's behaviour;
 * form bodies only on the spec's form posts; the flood guard on the office server only.
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request over a real socket, with whatever Host and headers the test names (fetch would not let it). */
const send = (
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string | string[]>; body?: string },
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });

const REFUSAL = { code: 403, message: '拒绝访问', data: null };

describe('the embedded server, started with a secret', () => {
  const secret = randomBytes(32).toString('base64url');
  let testDb: TestDatabase;
  let running: RunningServer;
  let port: number;
  let own: Record<string, string>;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const config = parseConfig(
      {
        DATABASE_URL: testDb.url,
        STORAGE_DIR: join(testDb.dir, 'storage'),
        PASSWORD_HASH_COST: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        CORS_ORIGINS: 'app://renderer',
        EMBEDDED_SECRET: secret,
        // Would stop the fourth request of an address, were the guard registered here.
        RATE_LIMIT_PER_MINUTE: '3',
      },
      testDb.dir,
    );
    running = await startServer(config, { logger: false });
    port = Number(new URL(running.url).port);
    own = { host: `127.0.0.1:${port}`, [EMBEDDED_SECRET_HEADER]: secret };
  });

  afterAll(async () => {
    await running?.close();
    await testDb?.cleanup();
  });

  it('answers its own app: the secret and its own 127.0.0.1:<port>', async () => {
    const health = await send(port, { path: '/api/health', headers: own });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body).data.status).toBe('ok');

    // The clerk's whole path: log in, then a protected route with the token.
    const staff = await createStaff(running.app, { username: 'embedded_clerk' });
    const login = await send(port, {
      method: 'POST',
      path: '/api/login',
      headers: { ...own, 'content-type': 'application/json' },
      body: JSON.stringify({ username: staff.username, password: md5md5(DEFAULT_PASSWORD) }),
    });
    expect(login.status, login.body).toBe(200);
    const token = JSON.parse(login.body).data.token as string;
    const info = await send(port, { path: '/api/user/info', headers: { ...own, ...bearer(token) } });
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body).data).toMatchObject({ username: 'embedded_clerk' });
    // Without the token the lock lets it through to the auth hook, which refuses as always.
    expect((await send(port, { path: '/api/user/info', headers: own })).status).toBe(401);
  });

  it('refuses a request without the secret with a bare 403, whatever it asks for', async () => {
    const host = { host: `127.0.0.1:${port}` };
    for (const path of ['/api/health', '/api/user', '/api/no-such-route', '/storage/exports/x.xlsx', '/']) {
      const answer = await send(port, { path, headers: host });
      expect(answer.status, path).toBe(403);
      expect(JSON.parse(answer.body), path).toEqual(REFUSAL);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    // A login is never looked at: no session comes of it, even with a real account.
    const staff = await createStaff(running.app, { username: 'no_secret_clerk' });
    const login = await send(port, {
      method: 'POST',
      path: '/api/login',
      headers: { ...host, 'content-type': 'application/json' },
      body: JSON.stringify({ username: staff.username, password: md5md5(DEFAULT_PASSWORD) }),
    });
    expect(login.status).toBe(403);
    expect(JSON.parse(login.body)).toEqual(REFUSAL);
  });

  it('refuses a wrong secret the same way', async () => {
    const wrong = [
      randomBytes(32).toString('base64url'),
      secret.slice(0, -1),
      `${secret}x`,
      secret.toUpperCase() === secret ? secret.toLowerCase() : secret.toUpperCase(),
      '',
    ];
    for (const value of wrong) {
      const answer = await send(port, {
        path: '/api/health',
        headers: { host: `127.0.0.1:${port}`, [EMBEDDED_SECRET_HEADER]: value },
      });
      expect(answer.status, value).toBe(403);
      expect(JSON.parse(answer.body)).toEqual(REFUSAL);
    }
    // The header twice (Node joins them): not the secret either.
    const twice = await send(port, {
      path: '/api/health',
      headers: { host: `127.0.0.1:${port}`, [EMBEDDED_SECRET_HEADER]: [secret, secret] },
    });
    expect(twice.status).toBe(403);
  });

  it('refuses any Host but its own 127.0.0.1:<port>, secret or not (DNS rebinding)', async () => {
    const hosts = [
      `localhost:${port}`,
      `rebind.attacker.example:${port}`,
      `[::1]:${port}`,
      '127.0.0.1',
      `127.0.0.1:${port + 1}`,
      `127.0.0.1:${port}.attacker.example`,
      `127.0.0.2:${port}`,
    ];
    for (const host of hosts) {
      const answer = await send(port, { path: '/api/health', headers: { ...own, host } });
      expect(answer.status, host).toBe(403);
      expect(JSON.parse(answer.body)).toEqual(REFUSAL);
    }
  });

  it("answers the renderer's CORS preflight on its own Host without the secret, and nothing else", async () => {
    const preflight = {
      origin: 'app://renderer',
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization,content-type',
    };
    const answer = await send(port, {
      method: 'OPTIONS',
      path: '/api/user/1',
      headers: { host: `127.0.0.1:${port}`, ...preflight },
    });
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expect(answer.headers['access-control-allow-origin']).toBe('app://renderer');
    expect(String(answer.headers['access-control-allow-headers'])).toContain(EMBEDDED_SECRET_HEADER);

    const rebound = await send(port, {
      method: 'OPTIONS',
      path: '/api/user/1',
      headers: { host: `rebind.attacker.example:${port}`, ...preflight },
    });
    expect(rebound.status).toBe(403);
  });

  it('has no flood guard: every request is the one clerk', async () => {
    expect(running.app.hasDecorator('rateLimit')).toBe(false);
    for (let i = 0; i < 6; i += 1) {
      const answer = await send(port, { path: '/api/health', headers: own });
      expect(answer.status).toBe(200);
      expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});

describe('the office server (no secret)', () => {
  let testDb: TestDatabase;
  let running: RunningServer;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const config = parseConfig(
      {
        DATABASE_URL: testDb.url,
        STORAGE_DIR: join(testDb.dir, 'storage'),
        PASSWORD_HASH_COST: 'test',
        PORT: '0',
        // Its LAN name and a proxy's public name (plugins/host-check.ts refuses names it was not given).
        ALLOWED_HOSTS: 'office-server.lan,vehicles.example.com',
      },
      testDb.dir,
    );
    expect(config.embeddedSecret).toBeNull();
    running = await startServer(config, { logger: false });
  });

  afterAll(async () => {
    await running?.close();
    await testDb?.cleanup();
  });

  it('answers as before: no secret header, any Host it was given (its LAN name, a proxy)', async () => {
    const port = Number(new URL(running.url).port);
    for (const host of [`127.0.0.1:${port}`, `office-server.lan:${port}`, 'vehicles.example.com']) {
      const answer = await send(port, { path: '/api/health', headers: { host } });
      expect(answer.status, host).toBe(200);
    }
    const preflight = await send(port, {
      method: 'OPTIONS',
      path: '/api/user',
      headers: { origin: 'app://renderer', 'access-control-request-method': 'GET' },
    });
    expect(String(preflight.headers['access-control-allow-headers'])).not.toContain(EMBEDDED_SECRET_HEADER);
  });
});

describe('form bodies only on the spec’s form posts', () => {
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    t = await buildTestApp();
    token = (await loggedInStaff(t.app)).token;
  });
  afterEach(async () => {
    await t.close();
  });

  const formPost = (method: 'POST' | 'PUT', url: string, payload: string) =>
    t.app.inject({ method, url, headers: { ...bearer(token), ...FORM_HEADERS }, payload });

  it('reads the contract form posted form-encoded', async () => {
    const files = await uploadOverseasFiles(t.app, token);
    const created = await formPost(
      'POST',
      '/api/order',
      formEncode(orderForm(files, { order_no: 'HW-F-1' })).join('&'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const order = await t.app.inject({ url: `/api/order/${created.json().data.id}`, headers: bearer(token) });
    expect(order.json().data).toMatchObject({ order_no: 'HW-F-1', amount: 3 });
    // A purchase form: read as a form, so the answer is the form's own rules, not a refusal of the type.
    const purchase = await formPost('POST', '/api/purchase', 'purchase_no=CG-F-1');
    expect(purchase.statusCode).toBe(422);
  });

  it('answers 415 to a form body on a JSON route, and does nothing', async () => {
    const refused = await formPost('POST', '/api/customerType', 'name=表单客户');
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ code: 415, message: '不支持的请求内容类型', data: null });
    const types = await t.app.inject({ url: '/api/customerType', headers: bearer(token) });
    expect(JSON.stringify(types.json().data)).not.toContain('表单客户');
    // The same route takes JSON.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/customerType',
      headers: bearer(token),
      payload: { name: '表单客户' },
    });
    expect(json.statusCode).toBe(201);
  });

  it('refuses a form body on every route that is not a form post, and marks every form post', async () => {
    const formRoutes = new Set(FORM_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    const writes = t.app.routeCatalog.filter((route) => route.method === 'POST' || route.method === 'PUT');
    // Every form post the list names is a route of the app (the app would not start otherwise).
    expect(formRoutes.size).toBe(FORM_ENDPOINTS.length);
    expect(writes.filter((route) => formRoutes.has(`${route.method} ${route.url}`))).toHaveLength(formRoutes.size);
    const others = writes.filter((route) => !formRoutes.has(`${route.method} ${route.url}`));
    expect(others.length).toBeGreaterThan(10);
    for (const route of others) {
      const url = route.url.replaceAll(/:[A-Za-z_]+/g, '1');
      const answer = await formPost(route.method as 'POST' | 'PUT', url, 'name=x&id=1');
      expect(answer.statusCode, `${route.method} ${route.url}: ${answer.body}`).toBe(415);
    }
    // Still logged in: the logout route never ran.
    expect((await t.app.inject({ url: '/api/user/info', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('lets a bodiless PUT labelled as a form reach its route (axios with data: null)', async () => {
    const other = await createStaff(t.app, { username: 'switched_clerk' });
    const answer = await formPost('PUT', `/api/user/${other.id}/switch`, '');
    expect(answer.statusCode, answer.body).toBe(200);
  });
});

describe('the flood guard of the office server', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const health = (remoteAddress: string, url = '/api/health') => t.app.inject({ url, remoteAddress });

  it('answers 429 in Chinese once an address passed its requests for the minute; others go on', async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    for (let i = 0; i < 3; i += 1) expect((await health('10.0.0.5')).statusCode).toBe(200);
    const refused = await health('10.0.0.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: '请求过于频繁，请稍后再试', data: null });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Any path counts, a protected or unknown one too, before the token is looked at.
    expect((await health('10.0.0.5', '/api/user')).statusCode).toBe(429);
    expect((await health('10.0.0.5', '/api/no-such-route')).statusCode).toBe(429);
    // Another PC of the office is not held back.
    expect((await health('10.0.0.6')).statusCode).toBe(200);
    // This machine (a reverse proxy without TRUST_PROXY, the benches, the test suites) is never counted.
    for (let i = 0; i < 10; i += 1) expect((await health('127.0.0.1')).statusCode).toBe(200);
    expect((await health('::1')).statusCode).toBe(200);
  });

  it('allows 600 a minute by default, and RATE_LIMIT_PER_MINUTE=0 turns it off', async () => {
    t = await buildTestApp();
    expect(t.config.rateLimitPerMinute).toBe(600);
    expect((await health('10.0.0.5')).headers['x-ratelimit-limit']).toBe('600');
    await t.close();
    t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
    expect(t.app.hasDecorator('rateLimit')).toBe(false);
    for (let i = 0; i < 5; i += 1) expect((await health('10.0.0.5')).statusCode).toBe(200);
  });
});
