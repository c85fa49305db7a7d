import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { read, utils } from 'xlsx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  excelSerialOfDay,
  excelSerialOfInstant,
  neutraliseFormula,
  type Column,
  type SheetSpec,
  writeWorkbook,
} from './workbook';
import { createStorage } from '../platform/storage/storage';

interface Row {
  text: string | null;
  money: number | null;
  at: string;
  day: string;
  count: number;
}

const columns: Column<Row>[] = [
  { header: '文本', width: 20, kind: 'text', value: (row) => row.text },
  { header: '金额', width: 12, kind: 'money', value: (row) => row.money },
  { header: '时间', width: 20, kind: 'datetime', value: (row) => row.at },
  { header: '日期', width: 12, kind: 'date', value: (row) => row.day },
  { header: '数量', width: 8, kind: 'integer', value: (row) => row.count },
];

describe('workbook writer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'workbook-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The workbooks are written as exports are: through a storage over the test's folder. */
  const storageOf = () => createStorage(dir);

  let files = 0;
  /** Writes the sheets to a new file and answers its bytes, as the clerk's download would hold them. */
  const written = async (sheets: SheetSpec<Row>[]) => {
    const key = `book-${(files += 1)}.xlsx`;
    await writeWorkbook(storageOf(), key, sheets as SheetSpec<unknown>[], 'Asia/Shanghai');
    return readFile(join(dir, key));
  };

  it('marks text that a spreadsheet would take for a formula, and only that', () => {
    for (const risky of ['=1+1', '+86 138', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutraliseFormula(risky)).toBe(`'${risky}`);
    }
    for (const safe of ['Global Motors', 'a=b', '1-2', 'LSV00000000000001', ''])
      expect(neutraliseFormula(safe)).toBe(safe);
  });

  it('turns stored instants into wall-clock Excel dates in the server’s time zone', () => {
    // 2026-11-20 10:00 in Shanghai; Excel serial of 2026-11-20 is 46346.
    expect(excelSerialOfInstant('2026-11-20T02:00:00.000Z', 'Asia/Shanghai')).toBeCloseTo(46346 + 10 / 24, 9);
    expect(excelSerialOfDay('2026-11-20')).toBe(46346);
    expect(excelSerialOfDay('1970-01-01')).toBe(25569);
  });

  it('writes strings, two-decimal numbers and real dates, with headers and widths, that read back as such', async () => {
    const rows: Row[] = [
      {
        text: '=HYPERLINK("http://evil.example","点我")',
        money: 1234.5,
        at: '2026-11-20T02:00:00.000Z',
        day: '2026-11-21',
        count: 3,
      },
      { text: '\t\r=cmd|" /C calc"!A0', money: null, at: '2026-11-20T16:30:00.000Z', day: '2026-01-01', count: 0 },
      { text: null, money: 0.1, at: '2026-11-20T02:00:00.000Z', day: '2026-11-21', count: 1 },
    ];
    const bytes = await written([{ name: '测试', columns, rows }]);
    const workbook = read(bytes, { type: 'buffer', cellNF: true, cellDates: true, cellStyles: true });
    expect(workbook.SheetNames).toEqual(['测试']);
    const sheet = workbook.Sheets['测试']!;
    expect(utils.sheet_to_json(sheet, { header: 1 })[0]).toEqual(['文本', '金额', '时间', '日期', '数量']);
    expect(sheet['!cols']?.map((column) => column.wch)).toEqual([20, 12, 20, 12, 8]);

    expect(sheet.A2).toMatchObject({ t: 's', v: `'=HYPERLINK("http://evil.example","点我")` });
    expect(sheet.A3).toMatchObject({ t: 's', v: `'\t\r=cmd|" /C calc"!A0` });
    expect(sheet.A4).toBeUndefined();
    for (const address of Object.keys(sheet).filter((key) => !key.startsWith('!'))) {
      expect(sheet[address]?.f, address).toBeUndefined();
    }
    expect(sheet.B2).toMatchObject({ t: 'n', v: 1234.5, z: '#,##0.00' });
    expect(sheet.B4).toMatchObject({ t: 'n', v: 0.1, z: '#,##0.00' });
    expect(sheet.B3).toBeUndefined();
    // Read with cellDates: the date-formatted numbers come back as dates (wall-clock time, no zone).
    expect(sheet.C2?.t).toBe('d');
    expect((sheet.C2?.v as Date).toISOString()).toMatch(/^2026-11-20T10:00:00/);
    expect((sheet.C3?.v as Date).toISOString()).toMatch(/^2026-11-21T00:30:00/);
    expect(sheet.C2?.z).toBe('yyyy-mm-dd hh:mm:ss');
    expect((sheet.D2?.v as Date).toISOString()).toMatch(/^2026-11-21T00:00:00/);
    expect(sheet.E3).toMatchObject({ t: 'n', v: 0 });
  });

  it('writes an empty sheet with only its headers', async () => {
    const bytes = await written([{ name: '空', columns, rows: [] }]);
    const sheet = read(bytes, { type: 'buffer' }).Sheets['空']!;
    expect(sheet['!ref']).toBe('A1:E1');
    expect(utils.sheet_to_json(sheet, { header: 1 })).toEqual([['文本', '金额', '时间', '日期', '数量']]);
  });

  it('keeps text exactly as typed: markup characters, control characters and Excel’s own escape form', async () => {
    const texts = [
      '<b>A&B</b> "引号" \'单\'',
      'tab\there\nnew line',
      'bell\u0007 and nul-free',
      '_x0041_ stays',
      'Ünïcødé 😀',
    ];
    const rows = texts.map((text) => ({
      text,
      money: null,
      at: '2026-11-20T02:00:00.000Z',
      day: '2026-11-21',
      count: 1,
    }));
    const sheet = read(await written([{ name: '文本', columns, rows }]), { type: 'buffer' }).Sheets['文本']!;
    expect(texts.map((_, i) => sheet[`A${i + 2}`]?.v)).toEqual(texts);
  });

  it('reads rows from an async source of batches, and filters and freezes the header row', async () => {
    async function* rows() {
      for (let batch = 0; batch < 3; batch += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        yield Array.from({ length: 500 }, (_, i) => ({
          text: `第${batch * 500 + i + 1}行`,
          money: i,
          at: '2026-11-20T02:00:00.000Z',
          day: '2026-11-21',
          count: i,
        }));
      }
    }
    const bytes = await written([{ name: '大表', columns, rows: rows() }]);
    const sheet = read(bytes, { type: 'buffer' }).Sheets['大表']!;
    expect(sheet['!ref']).toBe('A1:E1501');
    expect(sheet.A1501?.v).toBe('第1500行');
    expect(sheet['!autofilter']).toEqual({ ref: 'A1:E1501' });
  });

  it('never overwrites an existing file, and leaves no half-written file when the rows fail', async () => {
    const taken = join(dir, 'taken.xlsx');
    await writeFile(taken, 'already here');
    await expect(
      writeWorkbook(
        storageOf(),
        'taken.xlsx',
        [{ name: 'x', columns, rows: [] }] as SheetSpec<unknown>[],
        'Asia/Shanghai',
      ),
    ).rejects.toThrow();
    expect(await readFile(taken, 'utf8')).toBe('already here');

    async function* failing() {
      yield [{ text: 'a', money: 1, at: '2026-11-20T02:00:00.000Z', day: '2026-11-21', count: 1 }];
      throw new Error('database went away');
    }
    const broken = join(dir, 'broken.xlsx');
    await expect(
      writeWorkbook(
        storageOf(),
        'broken.xlsx',
        [{ name: 'x', columns, rows: failing() }] as SheetSpec<unknown>[],
        'Asia/Shanghai',
      ),
    ).rejects.toThrow('database went away');
    await expect(readFile(broken)).rejects.toThrow(/ENOENT/);
    // Nor a temporary file anywhere in the folder.
    expect(
      (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()),
    ).toHaveLength(1);
  });
});
