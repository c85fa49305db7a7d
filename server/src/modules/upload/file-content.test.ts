import { createReadStream } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../platform/storage/storage';
import { contentMatchesExtension } from './file-content';
import { FIXTURES_DIR } from '../../../../tests/helpers/factories';

const fixtures = FIXTURES_DIR;
const scan = (name: string) => join(fixtures, 'scans', name);
const bad = (name: string) => join(fixtures, 'bad-uploads', name);
const excel = (name: string) => join(fixtures, 'excel', name);

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'file-content-test-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A file as an upload is checked: staged in a storage, read back through it. */
const staged = (path: string) =>
  createStorage(join(work, 'storage')).stage(createReadStream(path), Number.POSITIVE_INFINITY);

/** Writes bytes to a scratch file and checks them as `ext`. */
const check = async (bytes: Buffer | string, ext: string) => {
  const path = join(work, `sample-${Math.random().toString(36).slice(2)}`);
  await writeFile(path, bytes);
  return contentMatchesExtension(await staged(path), ext);
};

describe('real files match their own extension', () => {
  it.each([
    [scan('customs-declaration.jpg'), 'jpg'],
    [scan('customs-declaration.jpg'), 'jpeg'],
    [scan('vehicle-exterior.png'), 'png'],
    [scan('deregistration-certificate.pdf'), 'pdf'],
    [scan('deregistration-certificate.docx'), 'docx'],
    [scan('deregistration-certificate.doc'), 'doc'],
    [scan('deregistration-certificate.txt'), 'txt'],
    [scan('contract-bundle.zip'), 'zip'],
    [bad('plain.pdf'), 'pdf'],
    [excel('cars-import.xlsx'), 'xlsx'],
    [excel('cars-import.xls'), 'xls'],
  ])('%s as .%s', async (path, ext) => {
    expect(await contentMatchesExtension(await staged(path), ext)).toBe(true);
  });
});

describe('content that is not what its extension says', () => {
  it.each([
    [bad('invoice.pdf'), 'pdf', 'an executable named .pdf'],
    [bad('photo.jpg'), 'jpg', 'an HTML page named .jpg'],
    [bad('logo.png'), 'png', 'an SVG with script handlers named .png'],
    [bad('photo.jpg'), 'txt', 'an HTML page named .txt'],
    [bad('logo.png'), 'txt', 'an SVG named .txt'],
    [bad('setup.exe'), 'doc', 'an executable named .doc'],
    [scan('vehicle-exterior.png'), 'jpg', 'a PNG named .jpg'],
    [scan('customs-declaration.jpg'), 'pdf', 'a JPEG named .pdf'],
    // Legacy Word and Excel share the container; the streams inside tell them apart.
    [scan('deregistration-certificate.doc'), 'xls', 'a Word file named .xls'],
    [excel('cars-import.xls'), 'doc', 'an Excel file named .doc'],
    // docx and xlsx are both zips; file-type tells them apart, and from a plain zip.
    [scan('deregistration-certificate.docx'), 'xlsx', 'a Word file named .xlsx'],
    [excel('cars-import.xlsx'), 'docx', 'an Excel file named .docx'],
    [scan('deregistration-certificate.docx'), 'zip', 'a docx named .zip'],
    [scan('contract-bundle.zip'), 'docx', 'a zip named .docx'],
    [scan('deregistration-certificate.pdf'), 'txt', 'a PDF named .txt'],
    [scan('deregistration-certificate.txt'), 'pdf', 'text named .pdf'],
    [scan('deregistration-certificate.pdf'), 'exe', 'an extension without a rule'],
  ])('%s as .%s (%s)', async (path, ext) => {
    expect(await contentMatchesExtension(await staged(path), ext)).toBe(false);
  });
});

describe('text files', () => {
  it('accepts UTF-8 text, with or without a BOM', async () => {
    expect(await check('车架号：LFVAB1230RA200001\n', 'txt')).toBe(true);
    expect(await check(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('备注')]), 'txt')).toBe(true);
  });

  it('refuses bytes that are not valid UTF-8', async () => {
    // 备注 in GBK.
    expect(await check(Buffer.from([0xb1, 0xb8, 0xd7, 0xa2]), 'txt')).toBe(false);
  });

  it('refuses NUL bytes', async () => {
    expect(await check(Buffer.from('text\u0000more'), 'txt')).toBe(false);
  });

  it('refuses markup and scripts anywhere in a text file', async () => {
    expect(await check('说明\n\n<script>alert(1)</script>', 'txt')).toBe(false);
    expect(await check('  <svg onload="alert(1)"></svg>', 'txt')).toBe(false);
    expect(await check('<?xml version="1.0"?><root/>', 'txt')).toBe(false);
    expect(await check('#!/bin/sh\nrm -rf /\n', 'txt')).toBe(false);
    expect(await check('see javascript:alert(1)', 'txt')).toBe(false);
  });

  it('accepts text that merely mentions angle brackets', async () => {
    expect(await check('价格 < 10000 且 > 5000', 'txt')).toBe(true);
  });
});

describe('markup at the start of any file', () => {
  it('is refused even behind a BOM and white space', async () => {
    const page = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('\n  <HTML><body>hi</body></HTML>')]);
    expect(await check(page, 'txt')).toBe(false);
    expect(await check(page, 'pdf')).toBe(false);
  });
});

it('refuses an empty file', async () => {
  expect(await check(Buffer.alloc(0), 'txt')).toBe(false);
  expect(await check(Buffer.alloc(0), 'pdf')).toBe(false);
});

it('refuses a cfb container without a Word stream as .doc', async () => {
  // The .doc fixture with its stream name renamed: still a valid container, no longer a Word file.
  const bytes = await readFile(scan('deregistration-certificate.doc'));
  const wordStream = Buffer.from('WordDocument', 'utf16le');
  const at = bytes.indexOf(wordStream);
  expect(at).toBeGreaterThan(0);
  Buffer.from('WordDocumenX', 'utf16le').copy(bytes, at);
  expect(await check(bytes, 'doc')).toBe(false);

  const untouched = join(work, 'untouched.doc');
  await copyFile(scan('deregistration-certificate.doc'), untouched);
  expect(await contentMatchesExtension(await staged(untouched), 'doc')).toBe(true);
});
