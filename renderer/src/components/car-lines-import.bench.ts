/**
 * Times the Excel car import on a sheet just under the 100KB limit (issue 3 asks for the number):
 * parse, validate, collect the VINs for the one lookup, and plan the import, as the editor does.
 *
 *   npx tsx renderer/src/components/car-lines-import.bench.ts      (or `npm run bench`)
 *
 * Not a test: it prints figures and fails only when the sheet could not be built under the limit.
 */
import { utils, write } from 'xlsx';
import { parseCarWorkbook } from './car-lines-import';
import { vinsToLookUp } from './car-lines-import-lookup';
import { EXCEL_IMPORT_MAX_BYTES } from './car-lines-import-rules';
import { importPlan } from './car-lines-import-preview';
import { expectedCheckDigit } from './vin';

const RUNS = 20;
const header = ['车架号', '车型', '价格', '服务费', '其他费用'];
const models = ['大众朗逸 1.5L 自动舒适版', '丰田卡罗拉 1.2T 先锋版', '本田思域 240TURBO', '比亚迪宋PLUS DM-i'];

/** A VIN with a correct check digit, so every row is good and the whole path runs. */
const validVin = (index: number): string => {
  const draft = `LSVAB1230RA${String(index).padStart(6, '0')}`;
  return `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`;
};

const sheetOf = (count: number): Uint8Array => {
  const rows = Array.from({ length: count }, (_, index) => [
    validVin(index),
    models[index % models.length],
    100000 + index * 7.31,
    (index % 5) * 100,
    index % 3 === 0 ? 120.5 : 0,
  ]);
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([header, ...rows]), '车辆清单');
  return new Uint8Array(
    write(book, { type: 'array', bookType: 'xlsx', compression: true, bookSST: true }) as ArrayBuffer,
  );
};

// The size grows about linearly with the rows: aim at 99% of the limit, then step down while over it.
let count = 500;
let bytes = sheetOf(count);
for (let attempt = 0; attempt < 3; attempt += 1) {
  count = Math.floor((count * EXCEL_IMPORT_MAX_BYTES * 0.99) / bytes.byteLength);
  bytes = sheetOf(count);
}
while (bytes.byteLength > EXCEL_IMPORT_MAX_BYTES) {
  count -= 20;
  bytes = sheetOf(count);
}

const times: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now();
  const sheet = parseCarWorkbook(bytes);
  const vins = vinsToLookUp(sheet.rows);
  const plan = importPlan(sheet.rows, Number.POSITIVE_INFINITY);
  times.push(performance.now() - started);
  if (plan.good.length !== count || vins.length !== count) throw new Error('the bench sheet did not import whole');
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? 0;
console.log(
  `excel import: ${(bytes.byteLength / 1024).toFixed(1)} KB, ${count} rows; parse + validate + plan ` +
    `median ${median.toFixed(0)} ms, range ${times[0]?.toFixed(0)}–${times[times.length - 1]?.toFixed(0)} ms over ${RUNS} runs`,
);
