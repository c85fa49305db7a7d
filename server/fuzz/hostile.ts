import fc from 'fast-check';

/**
 * Values a careless or hostile client sends, whatever the field: the ones that made earlier servers
 * answer 500, open the wrong record or cut text short. Each schema-derived request has some of its
 * fields (or the whole body) replaced by these.
 */

/** Text with characters the databases treat specially (PostgreSQL refuses NUL; SQLite cut text at it). */
export const CONTROL_TEXT = ['\u0000', 'a\u0000b', '\u0001\u0002\u001f', '\u007f', '\r\n', '\t', '\u001b[31m'];

/** Dates that match `YYYY-MM-DD` by shape but name no day, or lie at the edge of what JavaScript can read. */
export const HOSTILE_DATES = [
  '9999-99-99',
  '2026-13-45',
  '9999-12-31',
  '0000-00-00',
  '2026-02-30',
  '2026-00-10',
  '0001-01-01',
  '2026-1-1',
  '20261120',
  '2026-11-20T25:61:00',
  '2026-11-20 00:00:00',
  '+275760-09-13',
];

/** Spellings that `Number()` or a loose parser read as an id, though they are not decimal digits. */
export const LOOSE_IDS = [
  '1e0',
  '0x1',
  '+1',
  ' 1',
  '1 ',
  '1.0',
  '01',
  '-1',
  '0',
  '99999999999',
  '2147483648',
  '2147483647',
  '1abc',
  '１',
  '٣',
];

/** Numbers out of an id's range, fractions, and one past what a double holds exactly (2^53 + 2). */
export const HOSTILE_NUMBERS = [
  0,
  -1,
  1.5,
  -0.01,
  0.001,
  2147483647,
  2147483648,
  99999999999,
  Number.MAX_SAFE_INTEGER + 3,
  1e21,
  1e308,
  -1e308,
];

export const HOSTILE_TEXT = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '%',
  '%00',
  '\\',
  '../../../etc/passwd',
  '..\\..\\app.db',
  '/storage/exports/2026/11/nothere.xlsx',
  '/storage/contract/2026/11/nothere.pdf',
  '/storage/../app.db',
  '/storage/%2e%2e/app.db',
  'C:\\Windows\\win.ini',
  '=1+2',
  '=HYPERLINK("http://x")',
  '<script>alert(1)</script>',
  '\ud800',
  '😀'.repeat(3),
  '\u202e反转',
];

export const LONG_TEXT = fc
  .constantFrom(101, 257, 5001, 40_000)
  .chain((length) => fc.constantFrom('x', '长', '\u0000').map((unit) => unit.repeat(length)));

/** Deep nesting, arrays where a scalar goes, objects where text goes. */
export const HOSTILE_SHAPES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  ['a'],
  [[[]]],
  { a: 1 },
  { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } },
  [null],
];

const controlString = fc
  .string({
    unit: fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)),
    minLength: 1,
    maxLength: 4,
  })
  .map((text) => `x${text}y`);

/** One hostile value: shape, text, number, id spelling or date. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_DATES), weight: 3 },
  { arbitrary: fc.constantFrom(...LOOSE_IDS), weight: 3 },
  { arbitrary: fc.constantFrom(...CONTROL_TEXT), weight: 3 },
  { arbitrary: controlString, weight: 1 },
  { arbitrary: fc.constantFrom(...HOSTILE_TEXT), weight: 3 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 2 },
  { arbitrary: fc.constantFrom(...HOSTILE_SHAPES), weight: 2 },
  { arbitrary: LONG_TEXT, weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 1 },
);

/** Keys that must never reach an object's prototype or a column the client may not set. */
/** Names every plain object already has: code that indexes `{}` by a client's key finds these. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

export const HOSTILE_KEYS = [
  'id',
  'role',
  'status',
  'created_by',
  'created_at',
  'deleted_at',
  'password_hash',
  'extra',
  '',
  'a.b',
  'a[b]',
];

/** A key a hostile client adds: a prototype's name as often as any other. */
export const hostileKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom(...HOSTILE_KEYS));

/** Path segments that are not ids at all, sent as they are (not percent-encoded). */
export const RAW_SEGMENTS = ['%', '%zz', '%C0%AE', '%00', '..', '.', '', '1;a', '1%2F2', '%2e%2e', '1%20'];

/** File paths under /storage that no record may name or that try to leave the storage folder. */
export const HOSTILE_STORAGE_PATHS = [
  'exports/2026/11/nothere.xlsx',
  'contract/2026/11/nothere.pdf',
  '../app.db',
  '..%2F..%2Fapp.db',
  '%2e%2e/%2e%2e/etc/passwd',
  'contract/',
  '.staging/x',
  'a%00b.pdf',
  'contract/2026/11/%5C..%5C..%5Capp.db',
  'x'.repeat(400),
];
