import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { bearer, FIXTURES_DIR, loggedInStaff } from '../../../../tests/helpers/factories';
import { uploadEndpoints } from '../../../../contract/upload';

const uploadNamesPath = uploadEndpoints.names.path;

const scans = join(FIXTURES_DIR, 'scans');

let testApp: TestApp;
let app: FastifyInstance;
let token: string;

/** Uploads a fixture under the name the clerk's file had, and answers its stored path. */
const upload = async (dir: string, fixture: string, fileName: string): Promise<string> => {
  const boundary = `----names-${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dir"\r\n\r\n${dir}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    readFileSync(join(scans, fixture)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.url as string;
};

const names = (paths: string, headers: Record<string, string> = bearer(token)) =>
  app.inject({ method: 'GET', url: `${uploadNamesPath}?paths=${encodeURIComponent(paths)}`, headers });

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  token = (await loggedInStaff(app)).token;
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/upload/names', () => {
  it('answers the names the files had on the clerk’s PC, and leaves unknown paths out', async () => {
    const agreement = await upload('agreement', 'deregistration-certificate.pdf', '代付协议 2026.pdf');
    const proof = await upload('image', 'customs-declaration.jpg', '水单.jpg');
    const response = await names(`${agreement},${proof},/storage/contract/2026/11/unknown.pdf,${agreement}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.names).toEqual({ [agreement]: '代付协议 2026.pdf', [proof]: '水单.jpg' });
  });

  it('needs a token', async () => {
    expect((await names('/storage/a.pdf', {})).statusCode).toBe(401);
  });

  it('refuses more than 50 paths and a missing list, in Chinese', async () => {
    const many = Array.from({ length: 51 }, (_, index) => `/storage/image/2026/11/${index}.jpg`).join(',');
    const tooMany = await names(many);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('一次最多查询50个文件');
    const missing = await app.inject({ method: 'GET', url: uploadNamesPath, headers: bearer(token) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('请提供文件路径');
  });

  it('keeps a crafted path a plain key', async () => {
    const response = await names('__proto__,constructor');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.names).toEqual({});
  });
});
