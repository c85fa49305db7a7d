import { describe, expect, it } from 'vitest';
import { downloadHeaders, sanitizeFileName } from './upload.service';

describe('sanitizeFileName', () => {
  it.each([
    ['证书.pdf', '证书.pdf'],
    ['../../escape.pdf', 'escape.pdf'],
    ['..\\..\\windows\\escape.pdf', 'escape.pdf'],
    ['/etc/passwd', 'passwd'],
    ['C:\\Users\\clerk\\扫描件.jpg', '扫描件.jpg'],
    ['a\u0000b.pdf', 'ab.pdf'],
    ['line\r\nbreak.pdf', 'linebreak.pdf'],
    ['  spaced   name .pdf ', 'spaced name .pdf'],
    ['what?<>|"*.pdf', 'what.pdf'],
    ['..', ''],
    ['.', ''],
    ['', ''],
  ])('%j → %j', (raw, clean) => {
    expect(sanitizeFileName(raw)).toBe(clean);
  });

  it('shortens a long name to 200 characters, keeping the extension', () => {
    const clean = sanitizeFileName(`${'合同'.repeat(150)}.docx`);
    expect(clean).toHaveLength(200);
    expect(clean).toBe(`${'合同'.repeat(150).slice(0, 195)}.docx`);
  });
});

describe('downloadHeaders', () => {
  const file = (name: string, downloadName = name) => ({
    key: `contract/2026/11/${name}`,
    url: `/storage/contract/2026/11/${name}`,
    name,
    size: 42,
    modifiedAt: new Date(),
    downloadName,
  });

  it('shows pictures and PDF in place and downloads everything else', () => {
    expect(downloadHeaders(file('a.jpg'))['content-disposition']).toMatch(/^inline;/);
    expect(downloadHeaders(file('a.jpeg'))['content-disposition']).toMatch(/^inline;/);
    expect(downloadHeaders(file('a.png'))['content-disposition']).toMatch(/^inline;/);
    expect(downloadHeaders(file('a.pdf'))['content-disposition']).toMatch(/^inline;/);
    for (const name of ['a.docx', 'a.doc', 'a.xls', 'a.xlsx', 'a.txt', 'a.zip', 'a.rar', 'a.bin']) {
      expect(downloadHeaders(file(name))['content-disposition'], name).toMatch(/^attachment;/);
    }
  });

  it('takes the type from the stored name, not from the offered one', () => {
    const headers = downloadHeaders(file('0123.txt', 'page.html'));
    expect(headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers an unknown type as an opaque download', () => {
    expect(downloadHeaders(file('x.bin'))['content-type']).toBe('application/octet-stream');
  });

  it('quotes nothing a client could break out of', () => {
    const headers = downloadHeaders(file('a.pdf', 'evil"; filename=x.html\\%.pdf'));
    expect(headers['content-disposition']).toBe(
      `inline; filename="evil_; filename=x.html__.pdf"; filename*=UTF-8''evil%22%3B%20filename%3Dx.html%5C%25.pdf`,
    );
  });

  it('never lets the file be cached or sniffed', () => {
    expect(downloadHeaders(file('a.pdf'))).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-length': '42',
    });
  });
});
