import { beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { utils, write } from 'xlsx';
import { readFixture } from '../testing/storage-test-server';
import { parseCarWorkbook, readCarWorkbook } from './car-lines-import';
import { applyLookup, foundVehicles, vinsToLookUp } from './car-lines-import-lookup';
import { CarImportError, carImportMessages, EXCEL_IMPORT_MAX_BYTES, type ImportedRow } from './car-lines-import-rules';
import { importPlan } from './car-lines-import-preview';
import { expectedCheckDigit } from './vin';

const tooLarge = '文件过大，要读取的excel文件不应超过100KB';
const fixtures: Record<string, Uint8Array<ArrayBuffer>> = {};

beforeAll(async () => {
  for (const name of [
    'cars-import.xlsx',
    'cars-import.xls',
    'cars-import-with-errors.xlsx',
    'cars-import-too-big.xlsx',
    'proto-comment.xlsx',
  ]) {
    fixtures[name] = await readFixture(`excel/${name}`);
  }
});

/** A workbook as a clerk's program would save it, made here with SheetJS; the first sheet is the list. */
function workbook(sheets: Array<[string, unknown[][]]>, bookType: 'xlsx' | 'xls' = 'xlsx'): Uint8Array {
  const book = utils.book_new();
  for (const [name, rows] of sheets) utils.book_append_sheet(book, utils.aoa_to_sheet(rows), name);
  // Shared strings and compression, as LibreOffice and Excel save.
  return new Uint8Array(write(book, { type: 'array', bookType, compression: true, bookSST: true }) as ArrayBuffer);
}

const header = ['车架号', '车型', '价格', '服务费', '其他费用'];
const reasons = (row: ImportedRow | undefined) => row?.errors.map((issue) => issue.message) ?? [];

/** A VIN with its correct check digit: WMI + 3 + digit + year/plant + a serial. */
function validVin(serial: number): string {
  const draft = `LSVAB1230RA${String(serial).padStart(6, '0')}`;
  return `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`;
}

describe('parseCarWorkbook: the shared fixtures', () => {
  it('cars-import.xlsx: the 20 cars of the first sheet, none from 说明', () => {
    const sheet = parseCarWorkbook(fixtures['cars-import.xlsx']!);
    expect(sheet.sheetName).toBe('车辆清单');
    expect(sheet.rows).toHaveLength(20);
    expect(sheet.rows.every((row) => row.errors.length === 0 && row.warnings.length === 0)).toBe(true);
    expect(sheet.rows[0]).toMatchObject({
      rowNumber: 2,
      vin: 'LSVAB1235RA100000',
      model: '大众朗逸 1.5L 自动舒适版',
      price: 255081.26,
      invoice: 500,
      other: 300,
    });
    expect(sheet.rows[19]).toMatchObject({ rowNumber: 21, vin: 'LMGAB1238RA100019', price: 146727.14 });
    // Binary doubles such as 193654.4 keep their two decimals, not 193654.39999…
    expect(sheet.rows[1]?.price).toBe(193654.4);
    expect(sheet.rows[5]?.other).toBe(120.5);
    expect(sheet.rows.map((row) => row.vin)).not.toContain('LSVAB123XRA999999');
  });

  it('cars-import.xls (Excel 97): the same 20 rows', () => {
    const xlsx = parseCarWorkbook(fixtures['cars-import.xlsx']!).rows;
    const xls = parseCarWorkbook(fixtures['cars-import.xls']!).rows;
    expect(xls).toEqual(xlsx);
  });

  it('cars-import-with-errors.xlsx: every row with its own reason, the blank row skipped', () => {
    const { rows } = parseCarWorkbook(fixtures['cars-import-with-errors.xlsx']!);
    // 11 rows in the file, the blank one (row 11) skipped.
    expect(rows.map((row) => row.rowNumber)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 12]);
    const byRow = new Map(rows.map((row) => [row.rowNumber, row]));

    expect(reasons(byRow.get(2))).toEqual([]);
    expect(reasons(byRow.get(3))).toEqual(['车架号应为17位，当前为16位']);
    expect(reasons(byRow.get(4))).toEqual(['车架号不能包含字母 I（I、O、Q 不用于车架号）']);
    // Lower case and blanks around it are fixed, not refused.
    expect(byRow.get(5)).toMatchObject({ vin: 'LSVAB1233RA200001', errors: [] });
    expect(byRow.get(6)).toMatchObject({ vin: 'LGBAB1234RA200004', errors: [] });
    expect(reasons(byRow.get(7))).toEqual(['请输入车型车系']);
    expect(reasons(byRow.get(8))).toEqual(['价格“十四万”不是数字']);
    expect(byRow.get(8)?.text.price).toBe('十四万');
    expect(reasons(byRow.get(9))).toEqual(['车架号与第 2 行重复']);
    expect(reasons(byRow.get(12))).toEqual(['价格不能为负数']);

    // A wrong check digit warns; the row is still good.
    expect(byRow.get(10)).toMatchObject({ vin: 'LSGAB1230RA200007', errors: [] });
    expect(byRow.get(10)?.warnings).toEqual(['第9位校验码应为 5（现为 0），请核对车架号是否抄错']);
    expect(rows.filter((row) => row.warnings.length > 0)).toHaveLength(1);

    const plan = importPlan(rows, Number.POSITIVE_INFINITY);
    expect(plan.good.map((row) => row.rowNumber)).toEqual([2, 5, 6, 10]);
    expect(plan.bad.map((row) => row.rowNumber)).toEqual([3, 4, 7, 8, 9, 12]);
  });

  it('cars-import-too-big.xlsx: refused with the spec’s message before SheetJS reads it', () => {
    expect(fixtures['cars-import-too-big.xlsx']!.byteLength).toBeGreaterThan(EXCEL_IMPORT_MAX_BYTES);
    expect(() => parseCarWorkbook(fixtures['cars-import-too-big.xlsx']!)).toThrow(new CarImportError(tooLarge));
    // Bytes no parser could read get the size message, not 无法读取: the size is checked first.
    expect(() => parseCarWorkbook(new Uint8Array(EXCEL_IMPORT_MAX_BYTES + 1).fill(0x41))).toThrow(tooLarge);
    // Exactly 100KB is still allowed to be read (and these bytes are then simply not a car list).
    expect(() => parseCarWorkbook(new Uint8Array(EXCEL_IMPORT_MAX_BYTES).fill(0x41))).toThrow(CarImportError);
    expect(() => parseCarWorkbook(new Uint8Array(EXCEL_IMPORT_MAX_BYTES).fill(0x41))).not.toThrow(tooLarge);
  });

  it('proto-comment.xlsx: read like cars-import.xlsx, Object.prototype untouched', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const sheet = parseCarWorkbook(fixtures['proto-comment.xlsx']!);
    expect(sheet.rows).toEqual(parseCarWorkbook(fixtures['cars-import.xlsx']!).rows);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    const plain = {} as Record<string, unknown>;
    // What the comment would have planted through a polluted cell: its text, its comment list, a cell's keys.
    for (const key of ['polluted', 'c', 't', 'v', 'a', 'r', 'h', 'w']) expect(plain[key]).toBeUndefined();
    expect(Object.keys(plain)).toEqual([]);
  });
});

describe('parseCarWorkbook: workbooks made by the test', () => {
  it('reads the columns by their header, in any order, among other columns', () => {
    const bytes = workbook([
      [
        '车辆',
        [
          ['序号', '其他费用', '备注', '价格', ' 车型 ', '车架号', '服务费', '颜色'],
          [1, 50, '加急', 120000.5, '丰田凯美瑞', 'lsvab1235ra100000', 300, '白'],
          [2, '', '', 98000, '本田雅阁', 'LFVAB1232RA100001', '', '黑'],
        ],
      ],
    ]);
    const { rows } = parseCarWorkbook(bytes);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      vin: 'LSVAB1235RA100000',
      model: '丰田凯美瑞',
      price: 120000.5,
      invoice: 300,
      other: 50,
      errors: [],
    });
    // Empty fees are 0, the spec's default.
    expect(rows[1]).toMatchObject({ vin: 'LFVAB1232RA100001', price: 98000, invoice: 0, other: 0, errors: [] });
  });

  it('says an empty price in the words of the side importing: 车辆售价 sells, 采购价格 buys', () => {
    const bytes = workbook([['车辆', [header, [validVin(1), '丰田凯美瑞', '', 0, 0]]]]);
    expect(reasons(parseCarWorkbook(bytes).rows[0])).toEqual(['请输入车辆售价']);
    expect(reasons(parseCarWorkbook(bytes, { priceRequired: '请输入采购价格' }).rows[0])).toEqual(['请输入采购价格']);
  });

  it('reads numbers typed as text, with thousands separators, and refuses words and third decimals', () => {
    const bytes = workbook([
      [
        'Sheet1',
        [
          header,
          ['LSVAB1235RA100000', '大众朗逸', '140000.00', '1,000', ' 20 '],
          ['LFVAB1232RA100001', '丰田卡罗拉', '12.345', 0, 0],
          ['LGBAB1234RA100002', '本田思域', 100, '五百', '-3'],
          ['LVSAB1233RA100003', '比亚迪宋', '', 0, 0],
          ['LHGAB1231RA100004', '吉利星越', 0, 0, 0],
          ['LSGAB1230RA100005', '别克君越', '9,999,999,999,999', 0, 0],
        ],
      ],
    ]);
    const { rows } = parseCarWorkbook(bytes);
    expect(rows[0]).toMatchObject({ price: 140000, invoice: 1000, other: 20, errors: [] });
    expect(reasons(rows[1])).toEqual(['价格最多两位小数']);
    expect(reasons(rows[2])).toEqual(['服务费“五百”不是数字', '其他费用不能为负数']);
    expect(reasons(rows[3])).toEqual(['请输入车辆售价']);
    // As the form and the server say it (API.md, money): a price of 0 is refused, fees of 0 are fine, and
    // an amount past 999,999,999,999.99 is refused, never cut down.
    expect(reasons(rows[4])).toEqual(['价格必须大于 0']);
    expect(reasons(rows[5])).toEqual(['价格不能超过 999,999,999,999.99']);
  });

  it('reads only the first sheet, and finds a header below a title line', () => {
    const bytes = workbook([
      [
        '本批车辆',
        [['2026年11月出口车辆清单'], [], header, ['LSVAB1235RA100000', '大众朗逸', 100, 0, 0], [], ['  ', '', '']],
      ],
      ['其他', [header, ['LFVAB1232RA100001', '丰田卡罗拉', 100, 0, 0]]],
    ]);
    const sheet = parseCarWorkbook(bytes);
    expect(sheet.sheetName).toBe('本批车辆');
    expect(sheet.rows.map((row) => [row.rowNumber, row.vin])).toEqual([[4, 'LSVAB1235RA100000']]);
  });

  it('refuses a VIN already in the editor, and refuses files without the columns', () => {
    const bytes = workbook([['Sheet1', [header, ['LSVAB1235RA100000', '大众朗逸', 100, 0, 0]]]]);
    const { rows } = parseCarWorkbook(bytes, { listedVins: [' lsvab1235ra100000'] });
    expect(reasons(rows[0])).toEqual([carImportMessages.vinAlreadyListed]);

    expect(() =>
      parseCarWorkbook(
        workbook([
          [
            'Sheet1',
            [
              ['VIN', 'Model'],
              ['x', 'y'],
            ],
          ],
        ]),
      ),
    ).toThrow(carImportMessages.noHeader);
    expect(() =>
      parseCarWorkbook(
        workbook([
          [
            'Sheet1',
            [
              ['车架号', '服务费'],
              ['LSVAB1235RA100000', 1],
            ],
          ],
        ]),
      ),
    ).toThrow(carImportMessages.missingColumns(['车型', '价格']));
    expect(() => parseCarWorkbook(workbook([['Sheet1', [header, [], ['', '']]]]))).toThrow(carImportMessages.noRows);
  });

  it('reads a header of two rows with merged cells: 车架号 and 车型 over both, the prices under 费用', () => {
    const sheet = utils.aoa_to_sheet([
      ['车架号', '车型', '费用', null, null, '备注'],
      [null, null, '价格', '服务费', '其他费用', null],
      ['LSVAB1235RA100000', '大众朗逸', 100, 2, 3, '加急'],
      ['LSVAB1235RA100001', '丰田卡罗拉', 200, 0, 0, null],
    ]);
    sheet['!merges'] = [
      { s: { r: 0, c: 0 }, e: { r: 1, c: 0 } },
      { s: { r: 0, c: 1 }, e: { r: 1, c: 1 } },
      { s: { r: 0, c: 2 }, e: { r: 0, c: 4 } },
      { s: { r: 0, c: 5 }, e: { r: 1, c: 5 } },
    ];
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, '车辆');
    const bytes = new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const { rows } = parseCarWorkbook(bytes);
    expect(
      rows.map((row) => [row.rowNumber, row.vin, row.model, row.price, row.invoice, row.other, row.errors]),
    ).toEqual([
      [3, 'LSVAB1235RA100000', '大众朗逸', 100, 2, 3, []],
      [4, 'LSVAB1235RA100001', '丰田卡罗拉', 200, 0, 0, []],
    ]);
  });

  it('says a file is not a workbook by its content, whatever its name: a CSV renamed to .xlsx', async () => {
    const csv = '车架号,车型,价格,服务费,其他费用\r\nLSVAB1235RA100000,大众朗逸,100,0,0\r\n';
    const utf8 = new TextEncoder().encode(csv);
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    // 车架号,车型 in GBK, as Excel's 'CSV' saves on a Chinese Windows.
    const gbk = new Uint8Array([0xb3, 0xb5, 0xbc, 0xdc, 0xba, 0xc5, 0x2c, 0xb3, 0xb5, 0xd0, 0xcd, 0x0d, 0x0a]);
    for (const bytes of [utf8, withBom, gbk]) {
      expect(() => parseCarWorkbook(bytes)).toThrow('无法读取该文件，请选择 Excel 文件（xlsx 或 xls）');
      await expect(readCarWorkbook(bytes)).rejects.toThrow('无法读取该文件，请选择 Excel 文件（xlsx 或 xls）');
    }
  });

  it('reads an .xls written by SheetJS too', () => {
    const bytes = workbook([['Sheet1', [header, ['LSVAB1235RA100000', '大众朗逸', 100.5, 1, 2]]]], 'xls');
    expect(parseCarWorkbook(bytes).rows[0]).toMatchObject({ vin: 'LSVAB1235RA100000', price: 100.5, errors: [] });
  });
});

describe('the lookup of an import', () => {
  it('asks about every valid VIN once and fills only missing models from what it found', () => {
    const { rows } = parseCarWorkbook(fixtures['cars-import-with-errors.xlsx']!);
    const vins = vinsToLookUp(rows);
    // Well-formed, first in the file: rows 2, 5, 6, 7, 8, 10 and 12.
    expect(vins).toEqual([
      'LFVAB1230RA200002',
      'LSVAB1233RA200001',
      'LGBAB1234RA200004',
      'LHGAB123XRA200005',
      'LBVAB1232RA200006',
      'LSGAB1230RA200007',
      'LGWAB1233RA200008',
    ]);

    const found = foundVehicles([
      {
        found: {
          LHGAB123XRA200005: { id: 41, model: '本田雅阁 2.0L' },
          LFVAB1230RA200002: { id: 42, model: '系统里的型号' },
        },
      },
    ]);
    const looked = applyLookup(rows, found);
    const missingModel = looked.find((row) => row.rowNumber === 7);
    expect(missingModel).toMatchObject({ model: '本田雅阁 2.0L', errors: [], existing: { id: 41 } });
    expect(missingModel?.notes).toEqual([carImportMessages.existingCar, carImportMessages.modelFromLookup]);
    // A model written in the file stays.
    expect(looked.find((row) => row.rowNumber === 2)).toMatchObject({ model: '大众迈腾 330TSI', existing: { id: 42 } });
    expect(importPlan(looked, 3).added.map((row) => row.rowNumber)).toEqual([2, 5, 6]);
    expect(importPlan(looked, 3).leftOut).toBe(2);
  });

  it('reads only the answer’s own keys', () => {
    const answer = JSON.parse('{"found":{"__proto__":{"id":1,"model":"x"},"LSVAB1235RA100000":{"id":2,"model":null}}}');
    const found = foundVehicles([answer]);
    expect([...found.keys()]).toEqual(['__PROTO__', 'LSVAB1235RA100000']);
    expect(({} as Record<string, unknown>).id).toBeUndefined();
  });
});

describe('a sheet just under 100KB', () => {
  it('is read whole: every one of its rows is good and goes to the one lookup', () => {
    // Grow the list until the next step would pass 100KB, as LibreOffice would save it (compressed).
    const models = ['大众朗逸 1.5L 自动舒适版', '丰田卡罗拉 1.2T 先锋版', '本田思域 240TURBO', '比亚迪宋PLUS DM-i'];
    const make = (count: number) =>
      workbook([
        [
          '车辆清单',
          [
            header,
            ...Array.from({ length: count }, (_, index) => [
              validVin(index),
              models[index % models.length],
              100000 + index * 7.31,
              (index % 5) * 100,
              index % 3 === 0 ? 120.5 : 0,
            ]),
          ],
        ],
      ]);
    // Size grows about linearly with the rows: aim at 99% of the limit, then step down while over it.
    let count = 500;
    let bytes = make(count);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      count = Math.floor((count * EXCEL_IMPORT_MAX_BYTES * 0.99) / bytes.byteLength);
      bytes = make(count);
    }
    while (bytes.byteLength > EXCEL_IMPORT_MAX_BYTES) {
      count -= 20;
      bytes = make(count);
    }
    expect(bytes.byteLength).toBeLessThanOrEqual(EXCEL_IMPORT_MAX_BYTES);
    expect(bytes.byteLength).toBeGreaterThan(EXCEL_IMPORT_MAX_BYTES * 0.9);

    // How long this takes is measured by car-lines-import.bench.ts (`npm run bench`), not here.
    const sheet = parseCarWorkbook(bytes);
    const vins = vinsToLookUp(sheet.rows);
    const plan = importPlan(sheet.rows, Number.POSITIVE_INFINITY);

    expect(sheet.rows).toHaveLength(count);
    expect(plan.good).toHaveLength(count);
    expect(vins).toHaveLength(count);
  });
});

/** A car row of the generated sheets: every one good. */
const models = ['大众朗逸 1.5L 自动舒适版', '丰田卡罗拉 1.2T 先锋版', '本田思域 240TURBO', '比亚迪宋PLUS DM-i'];
const carRows = (count: number, from = 0) =>
  Array.from({ length: count }, (_, n) => {
    const index = from + n;
    return [validVin(index), models[index % models.length], 100000 + index * 7.31, (index % 5) * 100, 0];
  });

/** cars-import.xlsx (saved by Calc) with its first sheet's XML changed by `edit`. */
async function withFirstSheet(edit: (xml: string) => string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(fixtures['cars-import.xlsx']!);
  const part = 'xl/worksheets/sheet1.xml';
  zip.file(part, edit(await zip.file(part)!.async('string')));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * cars-import.xlsx with these rows (by sheet row number, from 1) as its first sheet, written as a
 * spreadsheet program may (numbers as values, text inline, no cell references), so that 2,000 cars fit
 * under 100KB: SheetJS's own writer needs 175KB for them.
 */
function sheetOf(rows: Map<number, unknown[]>): Promise<Uint8Array> {
  const xml = [...rows]
    .map(([number, cells]) => {
      const cellXml = cells
        .map((cell) =>
          typeof cell === 'number'
            ? `<c><v>${cell}</v></c>`
            : `<c t="inlineStr"><is><t>${escapeXml(String(cell))}</t></is></c>`,
        )
        .join('');
      return `<row r="${number}">${cellXml}</row>`;
    })
    .join('');
  return withFirstSheet((sheet) => sheet.replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${xml}</sheetData>`));
}

const numbered = (rows: unknown[][], first = 1) => new Map(rows.map((row, index) => [first + index, row]));

describe('rows, not bytes (issue 20, point 3)', () => {
  const tooManyRows = '最多导入 2000 行';

  it('2,000 cars are read whole; 2,001 are refused with 最多导入 2000 行, nothing read', async () => {
    const twoThousand = await sheetOf(numbered([header, ...carRows(2000)]));
    expect(twoThousand.byteLength).toBeLessThanOrEqual(EXCEL_IMPORT_MAX_BYTES);
    const sheet = await readCarWorkbook(twoThousand);
    expect(sheet.rows).toHaveLength(2000);
    expect(importPlan(sheet.rows, Number.POSITIVE_INFINITY).good).toHaveLength(2000);
    expect(vinsToLookUp(sheet.rows)).toHaveLength(2000);

    const oneMore = await sheetOf(numbered([header, ...carRows(2001)]));
    expect(oneMore.byteLength).toBeLessThanOrEqual(EXCEL_IMPORT_MAX_BYTES);
    await expect(readCarWorkbook(oneMore)).rejects.toThrow(new CarImportError(tooManyRows));
    expect(() => parseCarWorkbook(oneMore)).toThrow(tooManyRows);
  });

  it('2,000 cars below a title line and blank rows are read; a car far below a gap is not dropped silently', async () => {
    const titled = await sheetOf(new Map([[1, ['2026年11月车辆清单']], ...numbered([header, ...carRows(2000)], 3)]));
    expect((await readCarWorkbook(titled)).rows).toHaveLength(2000);

    const far = await sheetOf(new Map([...numbered([header, ...carRows(10)]), [5000, carRows(1, 10)[0]!]]));
    await expect(readCarWorkbook(far)).rejects.toThrow(tooManyRows);
  });

  it('a 400,000-row sheet under 100KB is refused at its 2,012th row, before SheetJS parses it', async () => {
    const row = '<row><c t="inlineStr"><is><t>LSVAB1235RA100000</t></is></c></row>';
    const bomb = await withFirstSheet((xml) =>
      xml.replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${row.repeat(400_000)}</sheetData>`),
    );
    expect(bomb.byteLength).toBeLessThanOrEqual(EXCEL_IMPORT_MAX_BYTES);
    const started = performance.now();
    await expect(readCarWorkbook(bomb)).rejects.toThrow(new CarImportError(tooManyRows));
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('a sheet claiming the whole grid in <dimension> reads only the rows that exist, fast', async () => {
    const liar = await withFirstSheet((xml) =>
      xml.replace(/<dimension ref="[^"]*"\s*\/>/, '<dimension ref="A1:XFD1048576"/>'),
    );
    expect(new TextDecoder().decode(liar)).not.toContain('A1:XFD1048576'); // compressed, not plain
    const started = performance.now();
    const sheet = await readCarWorkbook(liar);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(sheet.rows).toHaveLength(20);
    expect(parseCarWorkbook(liar).rows).toHaveLength(20);
  });

  it('shared strings that unpack past 16MB are refused before SheetJS reads them', async () => {
    const zip = await JSZip.loadAsync(fixtures['cars-import.xlsx']!);
    const part = 'xl/sharedStrings.xml';
    const xml = await zip.file(part)!.async('string');
    zip.file(part, xml.replace('</sst>', `${' '.repeat(17 * 1024 * 1024)}</sst>`));
    const bomb = await zip.generateAsync({
      type: 'uint8array',
      compression: 'DEFLATE',
      compressionOptions: { level: 9 },
    });
    expect(bomb.byteLength).toBeLessThanOrEqual(EXCEL_IMPORT_MAX_BYTES);
    await expect(readCarWorkbook(bomb)).rejects.toThrow(carImportMessages.unpackedTooLarge);
  });
});
