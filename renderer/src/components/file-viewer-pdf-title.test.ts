/**
 * pdfWithTitle on the real certificate (a cross-reference table) and on a PDF 1.5 file with a
 * cross-reference stream: the title is found the way a reader finds it (the last startxref, that
 * section's trailer, its /Info entry's offset, the /Title there), the original bytes stay as they were,
 * and what it cannot read safely is left alone. Chromium's viewer showing the title is checked by
 * tests/e2e/file-previews.spec.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../testing/storage-test-server';
import { pdfWithTitle } from './file-viewer-pdf-title';

const text = (bytes: Uint8Array, from = 0, to = bytes.length) =>
  new TextDecoder('windows-1252').decode(bytes.subarray(from, to));
const ascii = (value: string) => Uint8Array.from(value, (character) => character.charCodeAt(0));

/** Where object `number` starts, read from the section at `offset` (a table or a stream, uncompressed). */
function objectOffset(bytes: Uint8Array, offset: number, number: number): number | undefined {
  const section = text(bytes, offset);
  if (section.startsWith('xref')) {
    const lines = section.split('\n');
    for (let line = 1; line < lines.length && !lines[line]!.startsWith('trailer');) {
      const [first, count] = lines[line]!.split(' ').map(Number) as [number, number];
      if (number >= first && number < first + count) return Number(lines[line + 1 + number - first]!.slice(0, 10));
      line += 1 + count;
    }
    return undefined;
  }
  const header = /\/Index \[(\d+) (\d+)\]/.exec(section);
  const start = section.indexOf('stream\n') + 'stream\n'.length;
  const first = Number(header?.[1]);
  const row = offset + start + (number - first) * 7;
  return ((bytes[row + 1]! << 24) | (bytes[row + 2]! << 16) | (bytes[row + 3]! << 8) | bytes[row + 4]!) >>> 0;
}

/** The document's title as a reader finds it, or undefined. */
function titleOf(bytes: Uint8Array): string | undefined {
  const tail = text(bytes, bytes.length - 1024);
  const offset = Number([...tail.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1]);
  const section = text(bytes, offset);
  const info = /\/Info (\d+) 0 R/.exec(section)?.[1];
  if (info === undefined) return undefined;
  const at = objectOffset(bytes, offset, Number(info));
  if (at === undefined) return undefined;
  const object = text(bytes, at, at + 4000);
  expect(object.startsWith(`${info} 0 obj`)).toBe(true);
  const hex = /\/Title <FEFF([0-9A-F]*)>/.exec(object)?.[1] ?? '';
  let title = '';
  for (let index = 0; index < hex.length; index += 4)
    title += String.fromCharCode(parseInt(hex.slice(index, index + 4), 16));
  return title;
}

/** A one-page PDF 1.5 whose cross-reference is a stream (as Word and scanners write them), uncompressed. */
function pdfWithXrefStream(): Uint8Array<ArrayBuffer> {
  const content = 'BT /F1 24 Tf 72 720 Td (Xref stream) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.5\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  const rows = [0, ...offsets, xref].map((at, index) => [
    index === 0 ? 0 : 1,
    at >>> 24,
    (at >>> 16) & 255,
    (at >>> 8) & 255,
    at & 255,
    0,
    0,
  ]);
  const head = `5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R /Length ${rows.length * 7} >>\nstream\n`;
  return new Uint8Array([
    ...ascii(body + head),
    ...rows.flat(),
    ...ascii(`\nendstream\nendobj\nstartxref\n${xref}\n%%EOF\n`),
  ]);
}

let certificate: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  certificate = await readFixture('scans/deregistration-certificate.pdf');
});

describe('pdfWithTitle', () => {
  it('titles the certificate (a cross-reference table) with the name, after its unchanged bytes', () => {
    expect(titleOf(certificate)).toBe('');
    const titled = pdfWithTitle(certificate, '注销证明书-LFVAB1230RA200002.pdf');
    expect(titled.subarray(0, certificate.length)).toEqual(certificate);
    expect(titleOf(titled)).toBe('注销证明书-LFVAB1230RA200002.pdf');
    // The update's trailer still names the document and points back at the file's own section.
    const update = text(titled, certificate.length);
    expect(update).toContain('/Root 17 0 R');
    expect(update).toContain('/Prev 14132');
    expect(update).toContain('/Size 20');
  });

  it('titles a PDF whose cross-reference is a stream, with a stream of its own', () => {
    const original = pdfWithXrefStream();
    const titled = pdfWithTitle(original, '合同（盖章）第1页.pdf');
    expect(titled.subarray(0, original.length)).toEqual(original);
    expect(text(titled, original.length)).toContain('/Type /XRef');
    expect(titleOf(titled)).toBe('合同（盖章）第1页.pdf');
  });

  it('takes any name as it is: brackets, a backslash, a character outside the basic plane', () => {
    const name = 'a (b) \\ c 𠮷.pdf';
    expect(titleOf(pdfWithTitle(certificate, name))).toBe(name);
  });

  it('titles a titled file again: the last update is the one a reader takes', () => {
    const twice = pdfWithTitle(pdfWithTitle(certificate, '旧名.pdf'), '新名.pdf');
    expect(titleOf(twice)).toBe('新名.pdf');
  });

  it('leaves alone what it cannot read safely: encrypted, no trailer, an offset past the end, not a PDF', () => {
    const encrypted = ascii(text(certificate).replace('/Info 18 0 R', '/Info 18 0 R /Encrypt 99 0 R'));
    expect(pdfWithTitle(encrypted, 'x.pdf')).toBe(encrypted);
    const noTrailer = ascii(text(certificate).replace('trailer', 'trailes'));
    expect(pdfWithTitle(noTrailer, 'x.pdf')).toBe(noTrailer);
    const pastTheEnd = ascii(text(certificate).replace(/startxref\s+14132/, 'startxref\n99999999'));
    expect(pdfWithTitle(pastTheEnd, 'x.pdf')).toBe(pastTheEnd);
    const notAPdf = ascii('MZ this is a Windows program');
    expect(pdfWithTitle(notAPdf, 'x.pdf')).toBe(notAPdf);
  });
});
