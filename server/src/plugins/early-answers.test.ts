import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-app';
import { rawHttp } from '../../../tests/helpers/raw-http';

/**
 * Answers made before any route runs (by Fastify's router or Node's HTTP parser) speak the envelope
 * with a Chinese message like every other answer, and never echo the request back.
 */

describe('answers made before the routes', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers a broken percent-encoding with 400 in the envelope, without echoing the URL', async () => {
    for (const url of ['/api/%C0%AE', '/api/user/%E0%A4%A', '/storage/%ZZ']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ code: 400, message: '请求数据格式不正确', data: null });
      expect(response.body).not.toContain('%');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers an oversized header with 431 in the envelope', async () => {
    const response = await rawHttp(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.head).toContain('content-type: application/json; charset=utf-8');
    expect(JSON.parse(response.body)).toEqual({ code: 431, message: '请求头过大', data: null });
  });

  it('answers a request line Node cannot parse with 400 in the envelope', async () => {
    const response = await rawHttp(port, 'GET /api/health HTTP/1.1 extra\r\nHost: localhost\r\n\r\n');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ code: 400, message: '请求数据格式不正确', data: null });
  });
});
