import { describe, expect, it } from 'vitest';
import { cleanFileName, saveFileName, withoutInvisibles } from './file-names';

describe('the one file-name rule of the zip and the desktop’s downloads', () => {
  it.each([
    ['CON .docx', '_CON .docx'],
    ['COM1 .pdf', '_COM1 .pdf'],
    ['nul.txt', '_nul.txt'],
    ['Aux.tar.gz', '_Aux.tar.gz'],
    ['lpt0', '_lpt0'],
    ['com\u00b9.pdf', '_com\u00b9.pdf'],
    ['CONIN$.txt', '_CONIN$.txt'],
    ['prn   ', '_prn'],
    ['PRN\u202e.pdf', '_PRN.pdf'],
  ])('gives the device name %j a leading _ (%j)', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it.each([['console.docx'], ['CONTRACT.pdf'], ['com10.pdf'], ['nulls.txt'], ['my CON.docx']])(
    'leaves %j, which only looks like a device, as it is',
    (name) => {
      expect(cleanFileName(name)).toBe(name);
    },
  );

  it('removes direction-changing and zero-width characters, so the real extension shows', () => {
    expect(cleanFileName('photo\u202egpj.pdf')).toBe('photogpj.pdf');
    for (const mark of ['\u202a', '\u202b', '\u202c', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(cleanFileName(`合同${mark}.pdf`)).toBe('合同.pdf');
    }
    for (const invisible of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']) {
      expect(cleanFileName(`报${invisible}关单.pdf`)).toBe('报关单.pdf');
    }
    expect(withoutInvisibles('发票\u2067fdp.exe\u2069.pdf')).toBe('发票fdp.exe.pdf');
  });

  it.each([
    ['....pdf', '文件.pdf'],
    [' .pdf', '文件.pdf'],
    ['. .pdf', '文件.pdf'],
    ['\u0001\u0002.pdf', '文件.pdf'],
    ['\u200b.jpg', '文件.jpg'],
    ['..', ''],
    [' . ', ''],
    ['<>', ''],
  ])('keeps a name and the extension of %j (%j)', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it('keeps doing what both helpers did: forbidden characters, dot runs, trailing dots and spaces, length', () => {
    expect(cleanFileName('发票<1>:"x"|y?*.pdf')).toBe('发票_1___x__y__.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('_._etc_passwd');
    expect(cleanFileName('a\u0000b\u001f.pdf')).toBe('ab.pdf');
    expect(cleanFileName('提单. . ')).toBe('提单');
    const long = cleanFileName(`${'长'.repeat(400)}.pdf`);
    expect(Array.from(long)).toHaveLength(150);
    expect(long.endsWith('.pdf')).toBe(true);
    // A cut that would leave a dot before the extension does not.
    const cut = cleanFileName(`${'长'.repeat(145)}.x${'长'.repeat(20)}.pdf`);
    expect(cut).toBe(`${'长'.repeat(145)}.pdf`);
  });

  it('saves a download under a safe name that always ends with its extension', () => {
    expect(saveFileName('CON .xlsx', '.xlsx', '导出')).toBe('_CON.xlsx');
    expect(saveFileName('com2 .docx', '.xlsx', '导出')).toBe('_com2 .docx.xlsx');
    expect(saveFileName('....xlsx', '.xlsx', '导出')).toBe('导出.xlsx');
    expect(saveFileName(' .zip', '.zip', '资料')).toBe('资料.zip');
    expect(saveFileName('收款\u200b单\u202e.XLSX', '.xlsx', '导出')).toBe('收款单.xlsx');
    expect(Array.from(saveFileName('车'.repeat(400), '.xlsx', '导出'))).toHaveLength(125);
  });
});
