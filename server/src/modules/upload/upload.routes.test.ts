import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { dirname, join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { bearer, FIXTURES_DIR, loggedInStaff } from '../../../../tests/helpers/factories';
import { fileExtension, uploadMessages, type UploadDir } from '../../../../contract/upload';

const fixtures = FIXTURES_DIR;
const scansDir = join(fixtures, 'scans');
const badDir = join(fixtures, 'bad-uploads');
const MB = 1024 * 1024;

/**
 * The upload slots as API.md ("Upload slots") and the specs list them, written out here and never read
 * from contract/upload.ts: the test is what tells when that table drifts from the documents.
 */
const TYPE_WRONG = '文件类型错误!';
const OVER_3_MB = '上传文件大小不能超过 3MB!';
const slots: Record<UploadDir, { extensions: readonly string[]; typeMessage: string; sizeMessage: string }> = {
  contract: {
    extensions: ['doc', 'docx', 'xls', 'pdf', 'jpg', 'png', 'jpeg'],
    typeMessage: TYPE_WRONG,
    sizeMessage: OVER_3_MB,
  },
  // Purchase contract files (spec part 2, section 5).
  purchase: {
    extensions: ['rar', 'zip', 'doc', 'docx', 'xls', 'txt', 'pdf', 'jpg', 'png', 'jpeg'],
    typeMessage: TYPE_WRONG,
    sizeMessage: OVER_3_MB,
  },
  agreement: {
    extensions: ['rar', 'zip', 'doc', 'docx', 'xls', 'txt', 'pdf', 'jpg', 'png', 'jpeg'],
    typeMessage: TYPE_WRONG,
    sizeMessage: OVER_3_MB,
  },
  image: { extensions: ['jpg', 'png', 'jpeg', 'pdf'], typeMessage: TYPE_WRONG, sizeMessage: OVER_3_MB },
  // The generic widget (spec part 2, "Generic upload").
  document: {
    extensions: ['docx', 'xlsx', 'pdf', 'jpg', 'png', 'jpeg'],
    typeMessage: '文件类型错误, 请检查后重新上传!',
    sizeMessage: '上传文件大小不能超过20MB, 请检查后重新上传!',
  },
};
const slotNames: UploadDir[] = ['contract', 'purchase', 'agreement', 'image', 'document'];

type Part = { field: string; value: string } | { field: string; fileName: string; bytes: Buffer };

/** A multipart body written by hand, so that the tests choose the order of parts and the raw file name. */
const multipart = (parts: Part[]) => {
  const boundary = `----upload-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`));
      chunks.push(Buffer.from(`${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
      );
      chunks.push(part.bytes, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

let testApp: TestApp;
let app: FastifyInstance;
let token: string;
let staffId: number;

const post = (parts: Part[], headers: Record<string, string> = bearer(token)) => {
  const { payload, contentType } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
};

/** The usual form: `dir` first, then `file`. */
const upload = (dir: string, fileName: string, bytes: Buffer) =>
  post([
    { field: 'dir', value: dir },
    { field: 'file', fileName, bytes },
  ]);

let address: string | undefined;
/** The app on a real socket (once per file), for what `inject` cannot show. */
const listening = async () => (address ??= await app.listen({ port: 0, host: '127.0.0.1' }));

const download = (url: string, headers: Record<string, string> = bearer(token)) =>
  app.inject({ method: 'GET', url, headers });

/** Every file under the storage folder, relative, hidden staging files included. */
const storedFiles = async (): Promise<string[]> => {
  const entries = await readdir(testApp.storageDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(testApp.storageDir, join(entry.parentPath, entry.name)))
    .sort();
};

const urlPattern = (dir: string, ext: string) => new RegExp(`^/storage/${dir}/\\d{4}/\\d{2}/[0-9a-f]{32}\\.${ext}$`);

/** Byte-for-byte comparison by digest: vitest's deep equality is very slow on megabytes. */
const digest = (bytes: Buffer) => `${bytes.length}:${createHash('sha256').update(bytes).digest('hex')}`;

/** The disk path of a `/storage/…` url. */
const diskPath = (url: string) => join(testApp.storageDir, ...url.slice('/storage/'.length).split('/'));

/** A real JPEG of about `size` bytes: the scan with comment segments (FF FE) inserted after its start marker. */
const jpegOfSize = (size: number) => {
  const scan = readFileSync(join(scansDir, 'customs-declaration.jpg'));
  const segments: Buffer[] = [scan.subarray(0, 2)];
  let total = scan.length;
  while (total < size) {
    const body = Math.min(65533, size - total);
    const segment = Buffer.alloc(body + 4, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(body + 2, 2);
    segments.push(segment);
    total += segment.length;
  }
  segments.push(scan.subarray(2));
  return Buffer.concat(segments);
};

/** A real PDF of exactly `size` bytes: the certificate followed by a comment line. */
const pdfOfSize = (size: number) => {
  const pdf = readFileSync(join(badDir, 'plain.pdf'));
  const comment = Buffer.alloc(size - pdf.length, 0x20);
  comment.write('\n%', 0);
  comment.write('\n', comment.length - 1);
  return Buffer.concat([pdf, comment]);
};

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  const staff = await loggedInStaff(app);
  token = staff.token;
  staffId = staff.id;
});

afterAll(async () => {
  await testApp?.close();
});

describe('authentication', () => {
  it('refuses an upload without a token, or with a bad one, and stores nothing', async () => {
    const before = await storedFiles();
    const pdf = readFileSync(join(scansDir, 'deregistration-certificate.pdf'));
    for (const headers of [{}, { authorization: `Bearer ${'x'.repeat(43)}` }]) {
      const { payload, contentType } = multipart([
        { field: 'dir', value: 'contract' },
        { field: 'file', fileName: 'a.pdf', bytes: pdf },
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, message: '登录已过期，请重新登录' });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a download without a token, even of a file that exists', async () => {
    const uploaded = await upload('contract', 'a.pdf', readFileSync(join(scansDir, 'deregistration-certificate.pdf')));
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json().data.url as string;

    const anonymous = await download(url, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 401 });
    expect(anonymous.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    expect((await download('/storage/contract/2026/11/missing.pdf', {})).statusCode).toBe(401);
    expect((await download(url)).statusCode).toBe(200);
  });
});

describe('the scans: accepted where the slot allows the type, refused elsewhere', () => {
  const scans = readdirSync(scansDir).sort();
  const cases = scans.flatMap((name) => slotNames.map((dir) => ({ name, dir })));

  it('covers every scan', () => {
    expect(scans.length).toBeGreaterThanOrEqual(7);
  });

  it.each(cases)('$name in $dir', async ({ name, dir }) => {
    const bytes = readFileSync(join(scansDir, name));
    const ext = fileExtension(name);
    const slot = slots[dir];
    const response = await upload(dir, name, bytes);

    if (!slot.extensions.includes(ext)) {
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({ code: 422, message: slot.typeMessage });
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 200, data: { name, size: bytes.length } });
    expect(body.data.url).toMatch(urlPattern(dir, ext));
    expect(digest(await readFile(diskPath(body.data.url)))).toBe(digest(bytes));

    const record = await testApp.db
      .selectFrom('uploaded_files')
      .selectAll()
      .where('url', '=', body.data.url)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ dir, original_name: name, uploaded_by: staffId });
    expect(Number(record.size)).toBe(bytes.length);
  });
});

describe('the slots of API.md, spelt out', () => {
  it('the image slot refuses a Word file (.docx, .doc) with 文件类型错误! and stores nothing', async () => {
    const before = await storedFiles();
    for (const name of ['deregistration-certificate.docx', 'deregistration-certificate.doc']) {
      const response = await upload('image', name, readFileSync(join(scansDir, name)));
      expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
      expect(response.json()).toMatchObject({ code: 422, message: '文件类型错误!' });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('the image slot takes a photo and a PDF proof; the document slot takes a .docx the image slot refuses', async () => {
    for (const name of ['vehicle-exterior.png', 'customs-declaration.jpg', 'deregistration-certificate.pdf'])
      expect((await upload('image', name, readFileSync(join(scansDir, name)))).statusCode, name).toBe(200);
    const docx = readFileSync(join(scansDir, 'deregistration-certificate.docx'));
    expect((await upload('document', 'a.docx', docx)).statusCode).toBe(200);
    expect((await upload('contract', 'a.docx', docx)).statusCode).toBe(200);
    expect((await upload('agreement', 'a.docx', docx)).statusCode).toBe(200);
  });

  it('a .txt only in the agreement and purchase slots, a .zip only there too; elsewhere the slot’s type message', async () => {
    const txt = readFileSync(join(scansDir, 'deregistration-certificate.txt'));
    const zip = readFileSync(join(scansDir, 'contract-bundle.zip'));
    for (const dir of ['agreement', 'purchase'] as const) {
      expect((await upload(dir, 'a.txt', txt)).statusCode, dir).toBe(200);
      expect((await upload(dir, 'a.zip', zip)).statusCode, dir).toBe(200);
    }
    for (const [dir, message] of [
      ['contract', '文件类型错误!'],
      ['image', '文件类型错误!'],
      ['document', '文件类型错误, 请检查后重新上传!'],
    ] as const) {
      for (const [name, bytes] of [
        ['a.txt', txt],
        ['a.zip', zip],
      ] as const) {
        const response = await upload(dir, name, bytes);
        expect([response.statusCode, response.json().message], `${name} in ${dir}`).toEqual([422, message]);
      }
    }
  });
});

describe('the bad uploads get the answers of their README', () => {
  const typeRefused = (dir: UploadDir) => ({ status: 422, message: slots[dir].typeMessage });
  const contentRefused = { status: 422, message: uploadMessages.contentMismatch };
  const expected: Record<
    string,
    { dir: UploadDir; as?: string; answer: (dir: UploadDir) => { status: number; message: string } }[]
  > = {
    'invoice.pdf': slotNames
      .filter((dir) => slots[dir].extensions.includes('pdf'))
      .map((dir) => ({ dir, answer: () => contentRefused })),
    'photo.jpg': slotNames.map((dir) => ({ dir, answer: () => contentRefused })),
    'logo.png': slotNames.map((dir) => ({ dir, answer: () => contentRefused })),
    'setup.exe': slotNames.map((dir) => ({ dir, answer: typeRefused })),
    'plain.pdf': [
      { dir: 'contract', as: '../../escape.pdf', answer: () => ({ status: 200, message: uploadMessages.success }) },
    ],
  };

  it('has an expectation for every file in the folder', () => {
    expect(readdirSync(badDir).sort()).toEqual(Object.keys(expected).sort());
  });

  const cases = Object.entries(expected).flatMap(([name, uploads]) => uploads.map((entry) => ({ name, ...entry })));

  it.each(cases)('$name in $dir', async ({ name, dir, as, answer }) => {
    const before = await storedFiles();
    const bytes = readFileSync(join(badDir, name));
    const response = await upload(dir, as ?? name, bytes);
    const { status, message } = answer(dir);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ code: status, message });
    if (status !== 200) expect(await storedFiles()).toEqual(before);
  });

  it('stores plain.pdf sent as ../../escape.pdf under a generated name inside the storage folder', async () => {
    const before = new Set(await storedFiles());
    const bytes = readFileSync(join(badDir, 'plain.pdf'));
    for (const fileName of ['../../escape.pdf', '..\\..\\escape.pdf', '/tmp/../escape.pdf']) {
      const response = await upload('contract', fileName, bytes);
      expect(response.statusCode, response.body).toBe(200);
      const { url, name } = response.json().data;
      expect(name).toBe('escape.pdf');
      expect(url).toMatch(urlPattern('contract', 'pdf'));
      expect(digest(await readFile(diskPath(url)))).toBe(digest(bytes));
    }
    const added = (await storedFiles()).filter((file) => !before.has(file));
    expect(added).toHaveLength(3);
    for (const file of added) expect(file.split(sep).join('/')).toMatch(/^contract\/\d{4}\/\d{2}\/[0-9a-f]{32}\.pdf$/);
    expect(added.every((file) => !file.includes('escape'))).toBe(true);
    const outside = [join(testApp.storageDir, '..', 'escape.pdf'), join(testApp.storageDir, '..', '..', 'escape.pdf')];
    for (const path of outside) await expect(readFile(path)).rejects.toThrow(/ENOENT/);
  });
});

describe('the form', () => {
  const pdf = () => readFileSync(join(scansDir, 'deregistration-certificate.pdf'));

  it('accepts the file before the dir', async () => {
    const response = await post([
      { field: 'file', fileName: '证书.pdf', bytes: pdf() },
      { field: 'dir', value: 'image' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ name: '证书.pdf', size: pdf().length });
    expect(response.json().data.url).toMatch(urlPattern('image', 'pdf'));
  });

  it('keeps the extension in lower case whatever the name says', async () => {
    const jpeg = readFileSync(join(scansDir, 'customs-declaration.jpg'));
    const response = await upload('image', 'SCAN.JPG', jpeg);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.name).toBe('SCAN.JPG');
    expect(response.json().data.url).toMatch(urlPattern('image', 'jpg'));
  });

  it('answers 422 without a file', async () => {
    const response = await post([{ field: 'dir', value: 'contract' }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: uploadMessages.missingFile,
      data: { errors: { file: [uploadMessages.missingFile] } },
    });
  });

  it('answers 422 for a body that is not a form', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: bearer(token),
      payload: { dir: 'contract' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: uploadMessages.missingFile });
  });

  it.each([
    [undefined],
    [''],
    ['exports'],
    ['../contract'],
    ['contract/../image'],
    ['.staging'],
    ['__proto__'],
    ['toString'],
  ])('answers 422 for dir %s and stores nothing', async (dir) => {
    const before = await storedFiles();
    const parts: Part[] = [{ field: 'file', fileName: 'a.pdf', bytes: pdf() }];
    if (dir !== undefined) parts.unshift({ field: 'dir', value: dir });
    const response = await post(parts);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      message: uploadMessages.unknownDir,
      data: { errors: { dir: [uploadMessages.unknownDir] } },
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 400 for a form cut off in the middle, and keeps nothing of it', async () => {
    const before = await storedFiles();
    const { payload, contentType } = multipart([
      { field: 'dir', value: 'contract' },
      { field: 'file', fileName: 'a.pdf', bytes: pdf() },
    ]);
    const cut = payload.subarray(0, payload.length - 3000);
    for (const [body, type] of [
      [cut, contentType],
      [payload, 'multipart/form-data'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...bearer(token), 'content-type': type },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ code: 400, message: uploadMessages.failedFallback, data: null });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 422 for two files', async () => {
    const before = await storedFiles();
    const response = await post([
      { field: 'dir', value: 'contract' },
      { field: 'file', fileName: 'a.pdf', bytes: pdf() },
      { field: 'file', fileName: 'b.pdf', bytes: pdf() },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: '只能上传一份文件!' });
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 422 for a name without an extension', async () => {
    const response = await upload('contract', 'certificate', pdf());
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: slots.contract.typeMessage });
  });

  it('answers 422 for an empty file', async () => {
    const response = await upload('agreement', 'empty.txt', Buffer.alloc(0));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: uploadMessages.contentMismatch });
  });

  it('answers 422 for an xlsm named .xlsx in the document slot', async () => {
    // A workbook whose content types declare macros: file-type reads it as xlsm.
    const xlsx = readFileSync(join(fixtures, 'excel', 'cars-import.xlsx'));
    const accepted = await upload('document', 'cars.xlsx', xlsx);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const response = await upload('document', 'cars.docx', xlsx);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: uploadMessages.contentMismatch });
  });
});

describe('sizes', () => {
  it('answers 413 with the slot message for a 3.5 MB PDF in a 3 MB slot, in either order of the form', async () => {
    const before = await storedFiles();
    const big = pdfOfSize(3.5 * MB);
    for (const parts of [
      [
        { field: 'dir', value: 'contract' },
        { field: 'file', fileName: 'big.pdf', bytes: big },
      ],
      [
        { field: 'file', fileName: 'big.pdf', bytes: big },
        { field: 'dir', value: 'contract' },
      ],
    ]) {
      const response = await post(parts);
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json()).toMatchObject({ code: 413, message: '上传文件大小不能超过 3MB!' });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 413 for a 3.5 MB JPEG in the image slot', async () => {
    const response = await upload('image', 'big.jpg', jpegOfSize(3.5 * MB));
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ message: '上传文件大小不能超过 3MB!' });
  });

  it('accepts exactly 3 MB in a 3 MB slot, and 3.5 MB in the document slot', async () => {
    const atLimit = pdfOfSize(3 * MB);
    const exact = await upload('contract', 'limit.pdf', atLimit);
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().data.size).toBe(3 * MB);

    const jpeg = jpegOfSize(3.5 * MB);
    const document = await upload('document', 'big.jpg', jpeg);
    expect(document.statusCode, document.body).toBe(200);
    expect(digest(await readFile(diskPath(document.json().data.url)))).toBe(digest(jpeg));
  });

  it('answers 413 with a clean message above 20 MB, whatever the slot and order', async () => {
    const before = await storedFiles();
    const huge = pdfOfSize(20 * MB + 1024);
    const cases: [Part[], string][] = [
      [
        [
          { field: 'dir', value: 'document' },
          { field: 'file', fileName: 'huge.pdf', bytes: huge },
        ],
        slots.document.sizeMessage,
      ],
      [
        [
          { field: 'file', fileName: 'huge.pdf', bytes: huge },
          { field: 'dir', value: 'document' },
        ],
        slots.document.sizeMessage,
      ],
      [
        [
          { field: 'file', fileName: 'huge.pdf', bytes: huge },
          { field: 'dir', value: 'contract' },
        ],
        slots.contract.sizeMessage,
      ],
    ];
    for (const [parts, message] of cases) {
      const response = await post(parts);
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json()).toEqual({ code: 413, message, data: null });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('lets a real HTTP client hear the 413 of a 25 MB upload and the 422 of two files', async () => {
    const pdf = readFileSync(join(badDir, 'plain.pdf'));
    const send = async (size: number, count: number) => {
      const form = new FormData();
      form.append('dir', 'document');
      const bytes = pdfOfSize(size);
      for (let index = 0; index < count; index += 1) form.append('file', new Blob([bytes]), `扫描件${index}.pdf`);
      const response = await fetch(`${await listening()}/api/upload`, {
        method: 'POST',
        body: form,
        headers: bearer(token),
      });
      return { status: response.status, body: await response.json() };
    };
    expect(await send(25 * MB, 1)).toEqual({
      status: 413,
      body: { code: 413, message: slots.document.sizeMessage, data: null },
    });
    expect(await send(2 * MB, 2)).toMatchObject({ status: 422, body: { message: '只能上传一份文件!' } });
    const accepted = await send(pdf.length + 10, 1);
    expect(accepted).toMatchObject({ status: 200, body: { data: { name: '扫描件0.pdf', size: pdf.length + 10 } } });
  });
});

describe('downloads', () => {
  const roundTrip = async (dir: UploadDir, fileName: string, bytes: Buffer) => {
    const uploaded = await upload(dir, fileName, bytes);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const response = await download(uploaded.json().data.url);
    expect(response.statusCode).toBe(200);
    expect(digest(response.rawPayload)).toBe(digest(bytes));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-length']).toBe(String(bytes.length));
    return response;
  };

  it.each([
    ['customs-declaration.jpg', 'image', 'image/jpeg', 'inline'],
    ['vehicle-exterior.png', 'image', 'image/png', 'inline'],
    ['deregistration-certificate.pdf', 'contract', 'application/pdf', 'inline'],
    [
      'deregistration-certificate.docx',
      'document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'attachment',
    ],
    ['deregistration-certificate.doc', 'contract', 'application/msword', 'attachment'],
    ['deregistration-certificate.txt', 'agreement', 'text/plain; charset=utf-8', 'attachment'],
    ['contract-bundle.zip', 'agreement', 'application/zip', 'attachment'],
  ] as const)('%s comes back identical as %s, %s', async (name, dir, type, disposition) => {
    const response = await roundTrip(dir, name, readFileSync(join(scansDir, name)));
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['content-disposition']).toBe(
      `${disposition}; filename="${name}"; filename*=UTF-8''${name}`,
    );
  });

  it('offers the original Chinese name with RFC 5987 encoding', async () => {
    const name = '注销证明 (最终版).pdf';
    const response = await roundTrip('contract', name, readFileSync(join(scansDir, 'deregistration-certificate.pdf')));
    const disposition = String(response.headers['content-disposition']);
    const match = /^inline; filename="([\x20-\x7e]*)"; filename\*=UTF-8''([A-Za-z0-9%._~!$&+,;=:@-]+)$/.exec(
      disposition,
    );
    expect(match, disposition).not.toBeNull();
    expect(match?.[1]).toBe('____ (___).pdf');
    expect(decodeURIComponent(match?.[2] ?? '')).toBe(name);
  });

  it('answers 404 记录不存在 for a missing file', async () => {
    const response = await download('/storage/contract/2026/11/0123456789abcdef0123456789abcdef.pdf');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message: '记录不存在', data: null });
  });
});

describe('path escapes', () => {
  const SECRET = 'secret outside the storage folder';

  beforeAll(async () => {
    // The test database's folder holds the storage folder; a file beside it must stay unreachable.
    await mkdir(testApp.storageDir, { recursive: true });
    await writeFile(join(dirname(testApp.storageDir), 'secret.txt'), SECRET);
    await mkdir(join(testApp.storageDir, 'contract'), { recursive: true });
    await symlink(join(dirname(testApp.storageDir), 'secret.txt'), join(testApp.storageDir, 'contract', 'link.txt'));
    await symlink(dirname(testApp.storageDir), join(testApp.storageDir, 'contract', 'up'));
  });

  it.each([
    '/storage/../../etc/passwd',
    `/storage/${'%2e%2e/'.repeat(8)}etc/passwd`,
    `/storage/${'..%2f'.repeat(8)}etc%2fpasswd`,
    '/storage/%2E%2E/secret.txt',
    '/storage/..%2fsecret.txt',
    '/storage/..%5csecret.txt',
    '/storage/contract/..%2f..%2fsecret.txt',
    '/storage/%2fetc%2fpasswd',
    '/storage//etc/passwd',
    '/storage/contract/link.txt',
    '/storage/contract/up/secret.txt',
    '/storage/contract/a.pdf%00',
    '/storage/contract/%00../../secret.txt',
    '/storage/.staging',
    '/storage/contract',
    '/storage/',
  ])('%s answers 404 and reveals nothing', async (url) => {
    const response = await download(url);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, message: '记录不存在' });
    expect(response.body).not.toContain(SECRET);
    expect(response.body).not.toContain('root:');
  });

  it('answers 404 to raw, unnormalised paths over a real socket', async () => {
    const { port } = new URL(await listening());
    const rawGet = (path: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
          );
        });
        let answer = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    for (const path of [
      '/storage/../secret.txt',
      '/storage/../../../../../../etc/passwd',
      '/storage/contract/../../secret.txt',
    ]) {
      const answer = await rawGet(path);
      expect(answer.split('\r\n')[0], path).toBe('HTTP/1.1 404 Not Found');
      expect(answer).toContain('记录不存在');
      expect(answer).not.toContain(SECRET);
      expect(answer).not.toContain('root:');
    }
  });
});
