import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSchemePrivileges, createAppProtocolHandler } from './app-protocol';
import { buildCsp } from './content-security-policy';

describe('app://renderer protocol', () => {
  let base: string;
  let handler: ReturnType<typeof createAppProtocolHandler>;
  let apiBase = 'http://127.0.0.1:50123';

  beforeAll(() => {
    // <base>/secret.txt sits next to the served folder: nothing may reach it.
    base = mkdtempSync(join(tmpdir(), 'app-protocol-'));
    const root = join(base, 'renderer-dist');
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(join(root, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(base, 'secret.txt'), 'TOP SECRET');
    handler = createAppProtocolHandler({ rootDir: root, csp: () => buildCsp(apiBase) });
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  const get = (url: string, method = 'GET') => handler({ url, method });

  it('is registered as a standard, secure scheme', () => {
    expect(appSchemePrivileges).toMatchObject({ scheme: 'app', privileges: { standard: true, secure: true } });
  });

  it('serves files with their type and the CSP naming the API base', async () => {
    const response = await get('app://renderer/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe('console.log("app")');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:50123");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers index.html for client routes (single-page app fallback), with the CSP', async () => {
    for (const route of ['app://renderer/', 'app://renderer/dashboard', 'app://renderer/overseas/info/12?tab=2']) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('follows the current API base (after switching to the office server)', async () => {
    apiBase = 'https://10.0.0.5:8787/';
    const csp = (await get('app://renderer/index.html')).headers.get('content-security-policy');
    expect(csp).toContain("connect-src 'self' https://10.0.0.5:8787;");
    apiBase = 'http://127.0.0.1:50123';
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await get('app://renderer/assets/missing.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it.each([
    'app://renderer/..%2fsecret.txt',
    'app://renderer/assets/..%2f..%2fsecret.txt',
    'app://renderer/%2e%2e/secret.txt',
    'app://renderer/assets/%2E%2E%2F%2E%2E%2Fsecret.txt',
    'app://renderer/..%5csecret.txt',
    'app://renderer/%2e%2e%5c%2e%2e%5csecret.txt',
    'app://renderer/index.html%00.js',
    'app://renderer/%2Fetc%2Fpasswd',
  ])('refuses path traversal: %s', async (url) => {
    const response = await get(url);
    const body = await response.text();
    expect(body).not.toContain('TOP SECRET');
    expect(body).not.toContain('root:');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    if (response.status === 200)
      expect(body).toContain('<div id="root">'); // a route, never the file
    else expect([400, 403, 404]).toContain(response.status);
  });

  it('never serves a file outside the folder, even through an unencoded ../', async () => {
    // The URL parser removes dot segments: this becomes /secret.txt inside the folder, which does not exist.
    const response = await get('app://renderer/../../secret.txt');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('TOP SECRET');
  });

  it('refuses other hosts, malformed escapes and writes', async () => {
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://renderer/%E0%A4%A')).status).toBe(400);
    expect((await get('app://renderer/index.html', 'POST')).status).toBe(405);
  });

  it('answers HEAD without a body', async () => {
    const response = await get('app://renderer/assets/logo.svg', 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toBe('');
  });
});

describe('content security policy', () => {
  it('allows only the app, its API base, blob/data pictures and blob frames', () => {
    expect(buildCsp('http://127.0.0.1:50123')).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "connect-src 'self' http://127.0.0.1:50123",
        "img-src 'self' blob: data:",
        "font-src 'self' data:",
        'frame-src blob:',
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  it('names no API base while none is known, and never injects a bad one', () => {
    expect(buildCsp('')).toContain("connect-src 'self';");
    expect(buildCsp("https://x.example; script-src 'unsafe-eval'")).not.toContain('unsafe-eval');
    expect(buildCsp('javascript:alert(1)')).toContain("connect-src 'self';");
  });
});
