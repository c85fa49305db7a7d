import { describe, expect, it } from 'vitest';
import { cleanSegment, layoutEntries, type PlannedFile } from './zip-layout';

const file = (
  folder: string[],
  uploadedName: string | null,
  url = '/storage/document/2026/11/abc.pdf',
): PlannedFile => ({
  url,
  folder,
  stage: '出口',
  document: '报关单',
  vehicles: [],
  uploadedName,
});

describe('names in the contract zip', () => {
  it('keeps what the clerk uploaded when it is a plain name', () => {
    expect(cleanSegment('报关单 2026-11.pdf')).toBe('报关单 2026-11.pdf');
  });

  it('takes out `..`, separators and every character Windows forbids', () => {
    expect(cleanSegment('../../etc/passwd')).toBe('_._etc_passwd');
    expect(cleanSegment('a..b...pdf')).toBe('a.b.pdf');
    expect(cleanSegment('发票<1>:"x"|y?*.pdf')).toBe('发票_1___x__y__.pdf');
    expect(cleanSegment('C:\\合同\\a.pdf')).toBe('C__合同_a.pdf');
    expect(cleanSegment('..')).toBe('');
    expect(cleanSegment(' . ')).toBe('');
  });

  it('drops control and direction characters, and trailing dots and spaces Windows would drop itself', () => {
    expect(cleanSegment('a\u0000b\u001f.pdf')).toBe('ab.pdf');
    expect(cleanSegment('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanSegment('提单. . ')).toBe('提单');
  });

  it('does not let a Windows device name through', () => {
    expect(cleanSegment('CON.docx')).toBe('_CON.docx');
    expect(cleanSegment('lpt1')).toBe('_lpt1');
    expect(cleanSegment('console.docx')).toBe('console.docx');
    expect(cleanSegment('CON .docx')).toBe('_CON .docx');
    expect(cleanSegment('COM1 .pdf')).toBe('_COM1 .pdf');
    expect(cleanSegment('nul.txt')).toBe('_nul.txt');
  });

  it('keeps a name and the extension of an upload whose name was only dots, spaces or invisible characters', () => {
    const entries = layoutEntries([
      file(['出口-1'], '....pdf'),
      file(['出口-1'], ' .pdf'),
      file(['出口-1'], '\u0007\u200b.jpg'),
      file(['出口-1'], '报\u200b关\u2066单\u2069.pdf'),
    ]);
    expect(entries.map((entry) => entry.entryName)).toEqual([
      '出口-1/文件.pdf',
      '出口-1/文件 (2).pdf',
      '出口-1/文件.jpg',
      '出口-1/报关单.pdf',
    ]);
    // The 清单's 上传文件名 column too, for a name an older upload stored with them.
    expect(entries[3]?.uploadedName).toBe('报关单.pdf');
  });

  it('shortens a very long name and keeps its extension', () => {
    const cleaned = cleanSegment(`${'长'.repeat(400)}.pdf`);
    expect(Array.from(cleaned)).toHaveLength(150);
    expect(cleaned.endsWith('.pdf')).toBe(true);
  });

  it('numbers a name already used in the same folder, whatever its case, but not in another folder', () => {
    const entries = layoutEntries([
      file(['出口-1'], '报关单.pdf'),
      file(['出口-1'], '报关单.PDF'),
      file(['出口-1'], '报关单.pdf'),
      file(['出口-2'], '报关单.pdf'),
      file([], '清单.xlsx'),
    ]);
    expect(entries.map((entry) => entry.entryName)).toEqual([
      '出口-1/报关单.pdf',
      '出口-1/报关单 (2).PDF',
      '出口-1/报关单 (3).pdf',
      '出口-2/报关单.pdf',
      '清单 (2).xlsx',
    ]);
  });

  it('names a file without a recorded upload after its slot, with the stored extension', () => {
    const [entry] = layoutEntries([file(['LSV00000000000001', '上牌'], null, '/storage/document/2026/11/abc.jpg')]);
    expect(entry?.entryName).toBe('LSV00000000000001/上牌/报关单.jpg');
    const [unusable] = layoutEntries([file(['运费-3'], '..')]);
    expect(unusable?.entryName).toBe('运费-3/报关单.pdf');
  });

  it('cleans folder names too (a contract number with a slash)', () => {
    const [entry] = layoutEntries([file(['采购合同-CG/2026:1', '合同'], '合同.pdf')]);
    expect(entry?.entryName).toBe('采购合同-CG_2026_1/合同/合同.pdf');
  });
});
