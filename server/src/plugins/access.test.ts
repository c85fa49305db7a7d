import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-app';
import { bearer, loggedInStaff, md5md5 } from '../../../tests/helpers/factories';
import { rawHttp } from '../../../tests/helpers/raw-http';

/**
 * Access is decided from the route the router matched. Every registered route is walked under several
 * spellings of its path without a token: none may answer with the route's data. The only answers
 * allowed are refusals (401, 404, 400) and, for page-looking paths, the renderer's index.html.
 */

const INDEX_HTML = '<!doctype html><html><body><div id="root">page</div></body></html>';

/** A concrete path for a route: parameters filled with 1, the storage wildcard with a real file. */
const concretePath = (url: string, storedFile: string): string => {
  if (url.endsWith('*')) return storedFile;
  return url.replace(/:[A-Za-z_]+/g, '1');
};

/** The ways the same path can be written that a router may read as that path. */
const spellings = (path: string): Record<string, string> => {
  const [first = '', ...rest] = path.slice(1).split('/');
  const encodeChar = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  return {
    'first letter encoded': `/${encodeChar(first[0] ?? 'a')}${first.slice(1)}/${rest.join('/')}`,
    'last letter encoded': path.replace(/[a-z](?=[^a-z]*$)/i, (char) => encodeChar(char)),
    'every letter encoded': path.replace(/[a-z]/gi, (char) => encodeChar(char)),
    'slash encoded': `/${first}%2F${rest.join('/')}`,
    'slashes doubled': path.replace(/\//g, '//'),
    'upper case': path.toUpperCase(),
    'dot segment': `/${first}/./${rest.join('/')}`,
    'trailing slash': `${path}/`,
  };
};

/** A request line exactly as given (absolute form included), over a real socket. */
const rawRequest = (port: number, method: string, target: string) => {
  const body = method === 'GET' || method === 'HEAD' || method === 'DELETE' ? '' : '{}';
  return rawHttp(
    port,
    `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n` +
      (body ? `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` : '') +
      `\r\n${body}`,
  );
};

const isRefusal = (status: number) => [400, 401, 404, 405, 415, 422].includes(status);

describe('access is decided from the matched route', () => {
  let t: TestApp;
  let token: string;
  let webDir: string;
  let storedFile: string;
  let port: number;

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'access-web-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), INDEX_HTML);
    await writeFile(join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    t = await buildTestApp({ env: { WEB_DIR: webDir } });
    token = (await loggedInStaff(t.app)).token;
    const exported = await t.app.inject({ method: 'GET', url: '/api/order/export', headers: bearer(token) });
    storedFile = (exported.json() as { data: { download_url: string } }).data.download_url;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const protectedRoutes = (app: FastifyInstance) =>
    app.routeCatalog.filter((route) => !route.isPublic && route.method !== 'HEAD');

  it('knows every route, and only health, setup, login, the preflight and the page files are public', () => {
    const publicApi = t.app.routeCatalog
      .filter((route) => route.isPublic && route.url.startsWith('/api'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(publicApi).toEqual([
      'GET /api/health',
      'GET /api/setup',
      'HEAD /api/health',
      'HEAD /api/setup',
      'POST /api/login',
      'POST /api/setup',
    ]);
    const publicOther = t.app.routeCatalog.filter((route) => route.isPublic && !route.url.startsWith('/api'));
    expect(
      publicOther.map((route) => route.method).every((method) => ['GET', 'HEAD', 'OPTIONS'].includes(method)),
    ).toBe(true);
    expect(publicOther.filter((route) => route.method !== 'OPTIONS').map((route) => route.url)).toEqual(
      expect.arrayContaining(['/', '/index.html', '/assets/app-1a2b3c.js']),
    );
    expect(protectedRoutes(t.app).length).toBeGreaterThan(30);
  });

  it('refuses every protected route without a token, under every spelling of its path', async () => {
    const leaks: string[] = [];
    for (const route of protectedRoutes(t.app)) {
      const path = concretePath(route.url, storedFile);
      for (const [how, url] of Object.entries({ plain: path, ...spellings(path) })) {
        const response = await t.app.inject({
          method: route.method,
          url,
          payload: route.method === 'GET' ? undefined : {},
        });
        const isPage = response.statusCode === 200 && response.body === INDEX_HTML;
        if (!isRefusal(response.statusCode) && !isPage) {
          leaks.push(`${route.method} ${url} (${how}): ${response.statusCode} ${response.body.slice(0, 80)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('refuses the absolute-form request line as well', async () => {
    const leaks: string[] = [];
    for (const route of protectedRoutes(t.app)) {
      const path = concretePath(route.url, storedFile);
      for (const target of [`http://127.0.0.1:${port}${path}`, `http://127.0.0.1:${port}/%61${path.slice(2)}`]) {
        const response = await rawRequest(port, route.method, target);
        if (!isRefusal(response.status))
          leaks.push(`${route.method} ${target}: ${response.status} ${response.body.slice(0, 80)}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('creates no account through an encoded path', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/user',
      payload: { username: 'intruder', nickname: '入侵者', phone_number: '13800000000', password: md5md5('Passw0rd!') },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, message: '登录已过期，请重新登录', data: null });
    const intruder = await t.db.selectFrom('users').select('id').where('username', '=', 'intruder').executeTakeFirst();
    expect(intruder).toBeUndefined();
  });

  it('serves no stored file without a token, whatever the spelling', async () => {
    expect(storedFile).toMatch(/^\/storage\/exports\/.+\.xlsx$/);
    const withToken = await t.app.inject({ method: 'GET', url: storedFile, headers: bearer(token) });
    expect(withToken.statusCode).toBe(200);
    for (const url of [storedFile, `/%73${storedFile.slice(2)}`, storedFile.replace('/exports/', '/%65xports/')]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('marks every answer with data no-store, whatever the spelling', async () => {
    for (const url of [
      '/api/user',
      '/%61pi/user',
      '/api/%75ser',
      '/api/customer',
      '/%61pi/order',
      storedFile,
      `/%73${storedFile.slice(2)}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toContain('no-store');
    }
  });

  it('still serves the page and its files without a token, with their own caching', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/overseas/list' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const apiLooking = await t.app.inject({ method: 'GET', url: '/%61pi/nothing-here' });
    expect(apiLooking.statusCode).toBe(404);
    expect(apiLooking.json()).toEqual({ code: 404, message: '记录不存在', data: null });
  });
});
