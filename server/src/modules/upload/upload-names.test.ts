import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadEndpoints } from '../../../../contract/upload';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { bearer, FIXTURES_DIR, loggedInStaff, uploadRequest } from '../../../../tests/helpers/factories';

/**
 * A name with a right-to-left override shows its letters backwards: `报关单<U+202E>fdp.jpg` reads as
 * 报关单gpj.pdf on every screen. The upload removes such characters before the name is stored, so every
 * screen and the zip's 清单.xlsx show the real extension.
 */
describe('POST /api/upload: the name the clerk sees is the real one', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await loggedInStaff(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const jpg = readFileSync(join(FIXTURES_DIR, 'scans/customs-declaration.jpg'));
  const pdf = readFileSync(join(FIXTURES_DIR, 'scans/deregistration-certificate.pdf'));

  const namesOf = async (urls: string[]) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${uploadEndpoints.names.path}?paths=${encodeURIComponent(urls.join(','))}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.names as Record<string, string>;
  };

  it.each([
    ['报关单\u202efdp.jpg', 'image', jpg, '报关单fdp.jpg'],
    ['提单\u2067fdp.jpg\u2069.pdf', 'document', pdf, '提单fdp.jpg.pdf'],
    ['合\u200b同\u200d\u2060\ufeff.pdf', 'document', pdf, '合同.pdf'],
    ['\u202a\u202b\u202c\u202d\u2066\u2068发票.pdf', 'document', pdf, '发票.pdf'],
  ])('stores %j as %j, and answers, lists and downloads it so', async (raw, dir, bytes, shown) => {
    const response = await uploadRequest(t.app, token, dir, raw, bytes);
    expect(response.statusCode, response.body).toBe(200);
    const { url, name } = response.json().data as { url: string; name: string };
    expect(name).toBe(shown);

    const row = await t.db
      .selectFrom('uploaded_files')
      .select('original_name')
      .where('url', '=', url)
      .executeTakeFirstOrThrow();
    expect(row.original_name).toBe(shown);
    expect(await namesOf([url])).toEqual({ [url]: shown });

    const download = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(shown)}`);
  });

  it('shows a name stored with them before (an older upload) without them too', async () => {
    const response = await uploadRequest(t.app, token, 'image', '报关单.jpg', jpg);
    const { url } = response.json().data as { url: string };
    await t.db
      .updateTable('uploaded_files')
      .set({ original_name: '报关单\u202efdp.jpg' })
      .where('url', '=', url)
      .execute();
    expect(await namesOf([url])).toEqual({ [url]: '报关单fdp.jpg' });
    const download = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('报关单fdp.jpg')}`,
    );
  });

  it('judges the type by the real extension: a hidden .exe is still refused', async () => {
    // Shown as 发票exe.pdf before; its real extension is exe.
    const response = await uploadRequest(t.app, token, 'document', '发票\u202efdp.exe', pdf);
    expect(response.statusCode).toBe(422);
  });
});
