import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadMessages } from '../../../../contract/upload';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { FIXTURES_DIR, loggedInStaff, uploadRequest } from '../../../../tests/helpers/factories';

/**
 * Office files that unpack to far more than they weigh (issue 20, point 1). The shared fixtures hold no
 * such file, so each is made here from a real one (the certificate saved by Writer, the car list saved
 * by Calc): its parts kept, one part swapped for a bomb. The zip is written by hand, so the sizes it
 * declares can lie.
 */

const MiB = 1024 * 1024;
const fixtures = FIXTURES_DIR;

interface Part {
  name: string;
  /** Packed bytes (deflated unless `stored`), what they inflate to, and its CRC. */
  packed: Buffer;
  size: number;
  crc: number;
  stored?: boolean;
}

const deflated = (name: string, data: Buffer): Part => ({
  name,
  packed: deflateRawSync(data, { level: constants.Z_BEST_COMPRESSION }),
  size: data.length,
  crc: crc32(data),
});

/** `size` bytes of one repeated byte after `prefix`, deflated in steps (the whole is never in memory). */
const repeatedPart = async (name: string, prefix: string, byte: number, size: number): Promise<Part> => {
  const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const head = Buffer.from(prefix);
  let crc = crc32(head);
  deflate.write(head);
  const block = Buffer.alloc(MiB, byte);
  for (let left = size - head.length; left > 0; left -= block.length) {
    const piece = left >= block.length ? block : block.subarray(0, left);
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { name, packed: Buffer.concat(chunks), size, crc };
};

interface ZipOptions {
  /** What every part's headers claim it inflates to, when they lie. */
  declaredSize?: number;
  /** Extra directory entries pointing at the first part's bytes again. */
  aliases?: number;
}

/** A zip of these parts: local headers and data, the central directory, the end record. */
const zipOf = (parts: Part[], { declaredSize, aliases = 0 }: ZipOptions = {}): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const central = (part: Part, name: Buffer, at: number) => {
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(part.stored ? 0 : 8, 10);
    entry.writeUInt16LE(0x5b21, 14);
    entry.writeUInt32LE(part.crc, 16);
    entry.writeUInt32LE(part.packed.length, 20);
    entry.writeUInt32LE(declaredSize ?? part.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(at, 42);
    return Buffer.concat([entry, name]);
  };
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.stored ? 0 : 8, 8);
    local.writeUInt16LE(0x5b21, 12);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.packed.length, 18);
    local.writeUInt32LE(declaredSize ?? part.size, 22);
    local.writeUInt16LE(name.length, 26);
    centrals.push(central(part, name, offset));
    locals.push(local, name, part.packed);
    offset += local.length + name.length + part.packed.length;
  }
  for (let n = 0; n < aliases; n += 1) centrals.push(central(parts[0]!, Buffer.from(`alias-${n}.xml`), 0));
  const directory = Buffer.concat(centrals);
  const count = parts.length + aliases;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

/** The parts of a real Office file, each re-deflated (so any one can be replaced). */
const realParts = async (fixture: string): Promise<Part[]> => {
  const zip = await JSZip.loadAsync(await readFile(join(fixtures, fixture)));
  const parts: Part[] = [];
  for (const entry of Object.values(zip.files)) {
    if (!entry.dir) parts.push(deflated(entry.name, await entry.async('nodebuffer')));
  }
  return parts;
};

/** The real file with one part replaced. */
const withPart = (parts: Part[], replacement: Part) =>
  parts.map((part) => (part.name === replacement.name ? replacement : part));

let t: TestApp;
let token: string;
let docxParts: Part[];
let xlsxParts: Part[];
let documentXml: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await loggedInStaff(t.app)).token;
  docxParts = await realParts('scans/deregistration-certificate.docx');
  xlsxParts = await realParts('excel/cars-import.xlsx');
  const zip = await JSZip.loadAsync(await readFile(join(fixtures, 'scans/deregistration-certificate.docx')));
  documentXml = await zip.file('word/document.xml')!.async('string');
});

afterAll(async () => {
  await t?.close();
});

/** The certificate's document.xml with `size` bytes in all, the rest blanks inside <w:body> (valid XML). */
const paddedDocument = (size: number) => {
  const [head, tail] = documentXml.split('<w:body>');
  const body = `${head}<w:body>`;
  const rest = Buffer.from(tail!);
  return { body, rest, padding: size - Buffer.byteLength(body) - rest.length };
};

const storedFiles = async () => {
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(
      entries.map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])),
    );
    return nested.flat();
  };
  return (await walk(t.storageDir)).filter((path) => /\.(docx|xlsx)$/.test(path));
};

const expectRefused = async (
  response: Awaited<ReturnType<typeof uploadRequest>>,
  message: string,
  before: string[],
) => {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toMatchObject({ message, data: { errors: { file: [message] } } });
  // Nothing was kept.
  expect(await storedFiles()).toEqual(before);
};

describe('an Office file that unpacks past the bounds', () => {
  it('the real certificate and car list are accepted, rebuilt part by part as the bombs are', async () => {
    const docx = await uploadRequest(t.app, token, 'document', '注销证明.docx', zipOf(docxParts));
    expect(docx.statusCode, docx.body).toBe(200);
    const xlsx = await uploadRequest(t.app, token, 'document', '车辆清单.xlsx', zipOf(xlsxParts));
    expect(xlsx.statusCode, xlsx.body).toBe(200);
  });

  it('a .docx whose document.xml unpacks to 400 MB of one byte (the probe’s file) is refused for its ratio, fast', async () => {
    const { body, padding } = paddedDocument(400 * MiB);
    const bomb = zipOf(withPart(docxParts, await repeatedPart('word/document.xml', body, 0x20, padding + body.length)));
    expect(bomb.length).toBeLessThan(1 * MiB);
    const before = await storedFiles();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const response = await uploadRequest(t.app, token, 'document', '报关单.docx', bomb);
    // Inflating stops at the ratio's bound (100 × ~400 kB): a fraction of the 400 MB, never held.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * MiB);
    await expectRefused(response, uploadMessages.archiveRatio, before);
  });

  it('one part of 2 MB at more than 100:1 is refused; the same 2 MB that packs less is accepted', async () => {
    const { body, padding } = paddedDocument(2 * MiB);
    const bomb = zipOf(withPart(docxParts, await repeatedPart('word/document.xml', body, 0x20, padding + body.length)));
    const before = await storedFiles();
    await expectRefused(
      await uploadRequest(t.app, token, 'document', '说明.docx', bomb),
      uploadMessages.archiveRatio,
      before,
    );
    // In the contract slot (3 MB) too: every slot that takes .docx applies the bound.
    await expectRefused(
      await uploadRequest(t.app, token, 'contract', '合同.docx', bomb),
      uploadMessages.archiveRatio,
      before,
    );

    // 2 MB of random text (about 1.3:1) inside the document: a big file, not a bomb.
    const { body: head, rest } = paddedDocument(0);
    const text = randomBytes(1.5 * MiB).toString('base64');
    const big = Buffer.concat([Buffer.from(head), Buffer.from(`<!--${text}-->`), rest]);
    expect(big.length).toBeGreaterThan(2 * MiB);
    const fine = zipOf(withPart(docxParts, deflated('word/document.xml', big)));
    const accepted = await uploadRequest(t.app, token, 'document', '大文件.docx', fine);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('parts of 1 MB each (under the ratio’s threshold) that unpack to 101 MB in all are refused for the total', async () => {
    // 101 extra parts of 1 MB of blanks: each exempt from the ratio (not over 1 MB), 101 MB together.
    const fillers: Part[] = [];
    const filler = deflated('word/media/filler-0.xml', Buffer.alloc(MiB, 0x20));
    for (let n = 0; n < 101; n += 1) fillers.push({ ...filler, name: `word/media/filler-${n}.xml` });
    const bomb = zipOf([...docxParts, ...fillers]);
    expect(bomb.length).toBeLessThan(1 * MiB);
    const before = await storedFiles();
    await expectRefused(
      await uploadRequest(t.app, token, 'document', '报关单.docx', bomb),
      uploadMessages.archiveTooLarge,
      before,
    );
    // 99 such parts (99 MB and the certificate's few kB) stay within the bound.
    const under = zipOf([...docxParts, ...fillers.slice(0, 99)]);
    const accepted = await uploadRequest(t.app, token, 'document', '报关单.docx', under);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('an .xlsx whose sheet unpacks to 200 MB is refused, though its headers claim 1 kB a part', async () => {
    const sheet = await repeatedPart('xl/worksheets/sheet1.xml', '<?xml version="1.0"?><worksheet>', 0x20, 200 * MiB);
    const bomb = zipOf(withPart(xlsxParts, sheet), { declaredSize: 1000 });
    const before = await storedFiles();
    await expectRefused(
      await uploadRequest(t.app, token, 'document', '车辆清单.xlsx', bomb),
      uploadMessages.archiveRatio,
      before,
    );
  });

  it('directory entries that all point at one part’s bytes (overlapping parts) are refused as broken', async () => {
    const bomb = zipOf(docxParts, { aliases: 500 });
    const before = await storedFiles();
    await expectRefused(
      await uploadRequest(t.app, token, 'document', '报关单.docx', bomb),
      uploadMessages.archiveBroken,
      before,
    );
  });

  it('a part whose deflated bytes are garbage is refused as broken', async () => {
    const garbage: Part = { name: 'word/styles.xml', packed: Buffer.from([0xff, 0xff, 0xff, 0xff]), size: 10, crc: 0 };
    const before = await storedFiles();
    await expectRefused(
      await uploadRequest(t.app, token, 'document', '报关单.docx', zipOf(withPart(docxParts, garbage))),
      uploadMessages.archiveBroken,
      before,
    );
  });
});
