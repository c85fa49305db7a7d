import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../tests/helpers/build-app';
import { bearer, loggedInStaff } from '../../tests/helpers/factories';
import { HttpError } from './http-errors';

describe('the app', () => {
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    t = await buildTestApp({
      env: { CORS_ORIGINS: 'https://office.example' },
      beforeReady: (app) => {
        // Test-only routes, never part of the app.
        app.post(
          '/api/test/validate',
          {
            schema: {
              body: z.strictObject({ name: z.string().min(1, '请输入名称'), count: z.number({ error: '请输入数量' }) }),
            },
          },
          async () => ({ code: 200, message: 'ok', data: null }),
        );
        app.get('/api/test/http-error', async () => {
          throw new HttpError(409, '该车架号已在其他合同中', { vin: 'LSGAB1230RA200005' });
        });
        app.get('/api/test/db-error', async () => {
          await sql`select * from no_such_table_here`.execute(app.ctx.db);
          return null;
        });
        // Takes form bodies as the spec's form posts do (plugins/form-body.ts).
        app.post('/api/test/echo', { config: { formBody: true } }, async (request) => ({
          code: 200,
          message: 'ok',
          data: request.body,
        }));
      },
    });
    token = (await loggedInStaff(t.app)).token;
  });

  afterEach(async () => {
    await t.close();
  });

  it('answers health without a token, in the envelope, with no-store', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      message: '操作成功',
      data: { status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/), database: t.dbKind },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers health with 500 when the database does not answer', async () => {
    await t.db.destroy();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 500, message: '服务器错误' });
  });

  it('sets security headers on every answer, 401s included', async () => {
    for (const url of ['/api/health', '/api/user/info']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers an unknown API path with 404 记录不存在', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/nothing-here'],
      ['GET', '/'],
      ['GET', '/overseas/list'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(token) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: '记录不存在', data: null });
    }
  });

  it('turns an HttpError into its status, message and data', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/http-error', headers: bearer(token) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 409,
      message: '该车架号已在其他合同中',
      data: { vin: 'LSGAB1230RA200005' },
    });
  });

  it('answers a failed rule with 422, the first message and every field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: bearer(token),
      payload: { name: '', count: 'many' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 422,
      message: '请输入名称',
      data: { errors: { name: ['请输入名称'], count: ['请输入数量'] } },
    });
  });

  it('refuses fields the schema does not list, naming them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: bearer(token),
      payload: { name: '甲', count: 1, status: 1, role: 'root' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('不支持的字段');
    expect(response.json().data.errors).toEqual({ status: ['不支持的字段'], role: ['不支持的字段'] });
  });

  it('answers a body that is not an object, or not JSON, in Chinese', async () => {
    const notObject = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(notObject.statusCode).toBe(422);
    expect(notObject.json().message).toBe('请求数据格式不正确');
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ code: 400, message: '请求数据格式不正确', data: null });
  });

  it('refuses a body above the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(t.config.bodyLimitBytes + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, message: '请求内容过大', data: null });
  });

  it('reads form-encoded bodies with qs-style nesting', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'order_no=HW-1&cars[0][vin]=LSGAB1230RA200005&cars[0][model]=%E6%B1%89&cars[1][vin]=B&contracts[]=/a.pdf&contracts[]=/b.pdf',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      order_no: 'HW-1',
      cars: [{ vin: 'LSGAB1230RA200005', model: '汉' }, { vin: 'B' }],
      contracts: ['/a.pdf', '/b.pdf'],
    });
    const polluted = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: '__proto__[admin]=1',
    });
    expect(polluted.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('a server error', () => {
  it('answers 500 服务器错误 with the request id and no SQL, stack or path; the log has the detail', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const t = await buildTestApp({
      logger: { level: 'error', stream },
      beforeReady: (app) => {
        app.get('/api/test/db-error', { config: { public: true } }, async () => {
          await sql`insert into vehicles (vin) values (null)`.execute(app.ctx.db);
          return null;
        });
      },
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/db-error' });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body.code).toBe(500);
      expect(body.message).toBe('服务器错误');
      expect(Object.keys(body.data)).toEqual(['request_id']);
      expect(body.data.request_id).toMatch(/^[0-9a-f-]{36}$/);
      for (const leak of ['vehicles', 'vin', 'NOT NULL', 'null value', 'insert', 'at ', '.ts', '/work', 'Error']) {
        expect(response.body).not.toContain(leak);
      }
      expect(response.headers['cache-control']).toBe('no-store');
      const logged = lines.join('\n');
      expect(logged).toContain(body.data.request_id);
      expect(logged).toMatch(/vehicles|vin/);
    } finally {
      await t.close();
    }
  });
});

describe('CORS', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ env: { CORS_ORIGINS: 'https://office.example, http://10.0.0.8:3000' } });
  });
  afterEach(async () => {
    await t.close();
  });

  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/info',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it('allows the Electron renderer and the configured origins, nobody else (not even "itself")', async () => {
    for (const origin of ['app://renderer', 'https://office.example', 'http://10.0.0.8:3000']) {
      const response = await preflight(origin);
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
      expect(String(response.headers['access-control-allow-methods'])).toContain('DELETE');
    }
    // A page the server served itself is same-origin and needs no CORS header; echoing the origin its
    // Host claims would hand one to any name the host check lets through.
    const same = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://localhost:8787', host: 'localhost:8787' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives other origins no CORS headers, on preflight and on real requests', async () => {
    for (const origin of ['https://evil.example', 'http://office.example', 'null']) {
      const response = await preflight(origin);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const real = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
      expect(real.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('lets the renderer read a 401 (CORS headers on errors too)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { origin: 'app://renderer' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe('app://renderer');
  });
});

describe('serving the built renderer (WEB_DIR)', () => {
  let t: TestApp;
  let webDir: string;
  const indexHtml =
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';

  beforeEach(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'web-dir-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), indexHtml);
    await writeFile(join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    t = await buildTestApp({ env: { WEB_DIR: webDir } });
  });
  afterEach(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('serves index.html at / and for client-side routes, with the renderer CSP', async () => {
    for (const url of ['/', '/dashboard', '/overseas/info/12', '/login?redirect=%2Fdashboard']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toBe(indexHtml);
      expect(response.headers['cache-control']).toBe('no-cache');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });

  it('serves hashed assets as immutable and answers missing files and API paths with 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 404, message: '记录不存在', data: null });
  });

  it('still protects the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
  });
});
