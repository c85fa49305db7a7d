import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { bearer, loggedInStaff, uploadRequest } from '../../../../tests/helpers/factories';

/**
 * A zip bomb in the `agreement` slot (issue 6, point 7). The shared fixtures hold none, so the test
 * makes one: a small archive whose entries declare gigabytes. The server never unpacks an upload, so
 * it keeps the archive byte for byte and serves it as a download; the content check that reads the
 * zip's headers inflates at most 1 MiB of one entry (file-type's own cap), whatever the entries say.
 */

const MiB = 1024 * 1024;

interface BombOptions {
  entries: number;
  /** Zero bytes each entry inflates to. */
  entryBytes: number;
  /** The first entry's name (the others are `part-<n>.bin`). */
  firstName?: string;
  /** What the headers claim each entry inflates to, if they lie. */
  declaredBytes?: number;
}

/** A valid zip (local headers, central directory, end record) of deflated zeros, built by hand. */
const zipBomb = ({ entries, entryBytes, firstName, declaredBytes }: BombOptions) => {
  const zeros = Buffer.alloc(entryBytes);
  const data = deflateRawSync(zeros, { level: constants.Z_BEST_COMPRESSION });
  const crc = crc32(zeros);
  const declared = declaredBytes ?? entryBytes;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let n = 0; n < entries; n += 1) {
    const name = Buffer.from(n === 0 && firstName ? firstName : `part-${n}.bin`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x5b21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x5b21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

/** What the central directory says the archive inflates to. */
const declaredTotal = (zip: Buffer) => {
  let total = 0;
  for (let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at !== -1;) {
    total += zip.readUInt32LE(at + 24);
    at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 46);
  }
  return total;
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await loggedInStaff(t.app)).token;
});

afterAll(async () => {
  await t?.close();
});

describe('a zip bomb upload', () => {
  it('is stored as-is in the agreement slot and served only as a download, never unpacked', async () => {
    // 20 entries of 128 MiB of zeros: 2.5 GiB declared, under 3 MB sent.
    const bomb = zipBomb({ entries: 20, entryBytes: 128 * MiB });
    expect(bomb.length).toBeLessThan(3 * MiB);
    expect(declaredTotal(bomb)).toBe(20 * 128 * MiB);

    const rssBefore = process.memoryUsage().rss;
    const upload = await uploadRequest(t.app, token, 'agreement', '代理协议.zip', bomb);
    expect(upload.statusCode, upload.body).toBe(200);
    const { url, size } = upload.json().data as { url: string; size: number };
    expect(url).toMatch(/^\/storage\/agreement\/\d{4}\/\d{2}\/[0-9a-f]{32}\.zip$/);
    expect(size).toBe(bomb.length);
    // Unpacking even one entry would take 128 MiB; the check inflates nothing of these entries.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * MiB);

    // On disk: the very bytes sent, one file, nothing extracted beside it.
    const onDisk = await readFile(join(t.storageDir, url.slice('/storage/'.length)));
    expect(sha256(onDisk)).toBe(sha256(bomb));

    const download = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(sha256(download.rawPayload)).toBe(sha256(bomb));
  });

  it('whose first entry poses as an Office part and lies about its size is checked by inflating at most 1 MiB', async () => {
    // `[Content_Types].xml` is the one entry the content check inflates (to tell docx from xlsx); its
    // header claims 1 kB, the data inflates to 128 MiB.
    const liar = zipBomb({ entries: 2, entryBytes: 128 * MiB, firstName: '[Content_Types].xml', declaredBytes: 1000 });

    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    // As a Word file it is refused: its content is not a docx.
    const asDocx = await uploadRequest(t.app, token, 'document', '报关单.docx', liar);
    expect(asDocx.statusCode, asDocx.body).toBe(422);
    expect(asDocx.json().message).toBe('文件内容与文件类型不符');
    // As an archive it is a zip like any other, stored and never opened again.
    const asZip = await uploadRequest(t.app, token, 'agreement', '协议.zip', liar);
    expect(asZip.statusCode, asZip.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * MiB);

    const { url } = asZip.json().data as { url: string };
    expect(sha256(await readFile(join(t.storageDir, url.slice('/storage/'.length))))).toBe(sha256(liar));
  });
});
