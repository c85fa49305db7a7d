import { describe, expect, it } from 'vitest';
import { cleanSegment, layoutEntries, type PlannedFile } from './zip-layout';

const file = (
  folder: string[],
  uploadedName: string | null,
  url = '/storage/document/2026/11/abc.pdf',
  document = '报关单',
  position: number | null = null,
): PlannedFile => ({
  url,
  folder,
  stage: '出口',
  document,
  position,
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

  it('names a file by its slot, numbering a list, whatever the scanner called it', () => {
    const entries = layoutEntries([
      file(['LSV00000000000001', '上牌'], 'IMG_2041.JPG', '/storage/document/2026/11/a1.jpg', '行驶证'),
      file(['LSV00000000000001', '上牌'], 'scan0001.pdf', '/storage/document/2026/11/a2.pdf', '登记证书'),
      file(['LSV00000000000001', '上牌'], 'x.png', '/storage/image/2026/11/a3.png', '其他照片', 1),
      file(['LSV00000000000001', '上牌'], 'x.png', '/storage/image/2026/11/a4.jpeg', '其他照片', 2),
      file(['海外合同'], '销售合同 final.pdf', '/storage/contract/2026/11/c1.pdf', '合同', 1),
    ]);
    expect(entries.map((entry) => entry.entryName)).toEqual([
      'LSV00000000000001/上牌/行驶证.jpg',
      'LSV00000000000001/上牌/登记证书.pdf',
      'LSV00000000000001/上牌/其他照片-1.png',
      'LSV00000000000001/上牌/其他照片-2.jpeg',
      '海外合同/合同-1.pdf',
    ]);
    // The 清单 keeps what was uploaded beside the entry, without the characters nobody sees.
    expect(entries[0]?.uploadedName).toBe('IMG_2041.JPG');
    const [hidden] = layoutEntries([file(['出口-1'], '报\u200b关\u2066单\u2069.pdf')]);
    expect(hidden?.uploadedName).toBe('报关单.pdf');
  });

  it("takes the uploaded name's extension when the stored file has none", () => {
    const [entry] = layoutEntries([file(['出口-1'], 'declaration.PDF', '/storage/document/2026/11/abc')]);
    expect(entry?.entryName).toBe('出口-1/报关单.PDF');
  });

  it('shortens a very long name and keeps its extension', () => {
    const cleaned = cleanSegment(`${'长'.repeat(400)}.pdf`);
    expect(Array.from(cleaned)).toHaveLength(150);
    expect(cleaned.endsWith('.pdf')).toBe(true);
  });

  it('numbers a name already used in the same folder, whatever its case, but not in another folder', () => {
    const entries = layoutEntries([
      file(['出口-1'], null),
      file(['出口-1'], null, '/storage/document/2026/11/b.PDF'),
      file(['出口-1'], null),
      file(['出口-2'], null),
      file([], null, '/storage/document/2026/11/c.xlsx', '清单'),
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
    const [entry] = layoutEntries([file(['采购合同-CG/2026:1'], 'a.pdf', undefined, '合同', 1)]);
    expect(entry?.entryName).toBe('采购合同-CG_2026_1/合同-1.pdf');
  });
});
