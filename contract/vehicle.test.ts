import { describe, expect, it } from 'vitest';
import {
  carDetachBody,
  carDetachBodyOrNone,
  carDetachQuery,
  carExistsAnswerSchema,
  carExistsQuery,
  carListItemSchema,
  carListsQuery,
  carLookupAnswerSchema,
  carLookupBody,
  carSearchItemSchema,
  carSearchQuery,
  isValidVin,
  normalizeVin,
  vehicleEndpoints,
  vinField,
} from './vehicle';

/** What a schema answers for a value: the parsed value, or its first message. */
const outcome = (
  schema: {
    safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } };
  },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? result.data : result.error?.issues[0]?.message;
};

/** A VIN DOMAIN.md allows: 17 characters, digits and capitals without I, O and Q. */
const VIN = 'LSVAB4BR1NN000017';

describe('the VIN rule (DOMAIN.md: 17 characters, digits and letters without I, O and Q)', () => {
  it('takes 17 digits and capitals, trimmed and upper-cased; refuses 16, 18, I, O, Q and other characters', () => {
    expect(isValidVin(VIN)).toBe(true);
    expect(isValidVin(' lsvab4br1nn000017 ')).toBe(true);
    expect(isValidVin('ABCDEFGHJKLMNPRSZ')).toBe(true);
    expect(isValidVin('01234567890123456')).toBe(true);
    expect(isValidVin(VIN.slice(0, 16))).toBe(false);
    expect(isValidVin(`${VIN}9`)).toBe(false);
    expect(isValidVin(`X${VIN}`)).toBe(false);
    expect(isValidVin(`${VIN.slice(0, 16)}I`)).toBe(false);
    expect(isValidVin(`O${VIN.slice(1)}`)).toBe(false);
    expect(isValidVin(`${VIN.slice(0, 8)}Q${VIN.slice(9)}`)).toBe(false);
    expect(isValidVin(`${VIN.slice(0, 8)}-${VIN.slice(9)}`)).toBe(false);
    expect(isValidVin('')).toBe(false);
  });

  it('stores and compares a VIN trimmed and upper case', () => {
    expect(normalizeVin('  lsvab4br1nn000017\t')).toBe(VIN);
  });

  it('folds full-width characters and removes invisible ones before judging a VIN', () => {
    // Typed with a Chinese input method in full-width mode, with an ideographic space after it.
    expect(normalizeVin('ＬＳＶＡＢ４ＢＲ１ＮＮ００００１７\u3000')).toBe(VIN);
    expect(normalizeVin('ｌｓｖａｂ４ｂｒ１ｎｎ００００１７')).toBe(VIN);
    // Pasted from a web page or a spreadsheet: a zero-width space, a joiner, a BOM, a direction mark.
    expect(normalizeVin('\ufeffLSVAB4BR1NN\u200b000017\u200d')).toBe(VIN);
    expect(normalizeVin('\u202aLSVAB4BR1NN000017\u202c')).toBe(VIN);
    expect(isValidVin('ＬＳＶＡＢ４ＢＲ１ＮＮ００００１７')).toBe(true);
    expect(outcome(vinField(), 'LSVAB4BR1NN\u200b000017')).toBe(VIN);
    expect(outcome(vinField(), '\u200b')).toBe('请输入车架号');
  });

  it('a form VIN field: trimmed and upper-cased, with its blank and format messages', () => {
    const field = vinField();
    expect(outcome(field, ' lsvab4br1nn000017 ')).toBe(VIN);
    expect(outcome(field, '  ')).toBe('请输入车架号');
    expect(outcome(field, undefined)).toBe('请输入车架号');
    expect(outcome(field, 'LSVAB4BR1NN00001')).toBe('车架号格式错误');
    expect(outcome(field, 'LSVAB4BR1NN00001I')).toBe('车架号格式错误');
    expect(outcome(vinField('请填写', '不对'), 'x')).toBe('不对');
    expect(outcome(vinField('请填写', '不对'), '')).toBe('请填写');
  });
});

describe('the car queries of API.md (Cars and their records)', () => {
  it('exists: a VIN and type 1 (purchase form) or 2 (overseas form), optionally the contract edited', () => {
    expect(outcome(carExistsQuery, { vin: ' x ', type: '1' })).toEqual({ vin: 'x', type: 1 });
    expect(outcome(carExistsQuery, { vin: VIN, type: '2', id: '7' })).toEqual({ vin: VIN, type: 2, id: 7 });
    expect(outcome(carExistsQuery, { vin: VIN, type: '2', id: '' })).toEqual({ vin: VIN, type: 2 });
    expect(outcome(carExistsQuery, { vin: VIN, type: '3' })).toBe('类型不正确');
    expect(outcome(carExistsQuery, { vin: VIN, type: '0' })).toBe('类型不正确');
    expect(outcome(carExistsQuery, { vin: ' ', type: '1' })).toBe('请输入车架号');
    expect(outcome(carExistsQuery, { type: '1' })).toBe('请输入车架号');
    expect(outcome(carExistsQuery, { vin: VIN, type: '1', id: 'x' })).toBe('合同编号不正确');
  });

  it('search: a VIN part of at most 17 characters and one of the eight steps', () => {
    expect(outcome(carSearchQuery, { vin: ' 0017 ', stage: 'plate' })).toEqual({ vin: '0017', stage: 'plate' });
    expect(outcome(carSearchQuery, { vin: '', stage: '' })).toEqual({});
    expect(outcome(carSearchQuery, { vin: VIN })).toEqual({ vin: VIN });
    expect(outcome(carSearchQuery, { vin: `${VIN}1` })).toBe('车架号格式错误');
    for (const stage of ['entry', 'plate', 'transfer', 'release', 'exports', 'drawback', 'archive', 'freight']) {
      expect(outcome(carSearchQuery, { stage })).toEqual({ stage });
    }
    expect(outcome(carSearchQuery, { stage: 'complete' })).toBe('环节不正确');
  });

  it('lookup: up to 2,000 VINs of at most 64 characters each', () => {
    const vins = (count: number) => Array.from({ length: count }, () => VIN);
    expect(outcome(carLookupBody, { vins: vins(2000) })).toEqual({ vins: vins(2000) });
    expect(outcome(carLookupBody, { vins: vins(2001) })).toBe('一次最多查询2000个车架号');
    expect(outcome(carLookupBody, { vins: ['x'.repeat(64)] })).toEqual({ vins: ['x'.repeat(64)] });
    expect(outcome(carLookupBody, { vins: ['x'.repeat(65)] })).toBe('车架号格式错误');
    expect(outcome(carLookupBody, { vins: [17] })).toBe('车架号格式错误');
    expect(outcome(carLookupBody, {})).toBe('请提供车架号列表');
  });

  it('detach: the model order or purchase, in the body or the query string', () => {
    expect(outcome(carDetachBody, { model: 'order' })).toEqual({ model: 'order' });
    expect(outcome(carDetachBody, { model: 'purchase' })).toEqual({ model: 'purchase' });
    expect(outcome(carDetachBody, { model: 'boat' })).toBe('请指定要移除的合同类型');
    expect(outcome(carDetachBodyOrNone, null)).toBeUndefined();
    expect(outcome(carDetachBodyOrNone, { model: 'purchase' })).toEqual({ model: 'purchase' });
    expect(outcome(carDetachBodyOrNone, { model: 'boat' })).toBe('请指定要移除的合同类型');
    expect(outcome(carDetachQuery, { model: '' })).toEqual({});
    expect(outcome(carDetachQuery, { model: 'purchase' })).toEqual({ model: 'purchase' });
  });

  it('carLists: an overseas contract and the five flags, each 0 or 1', () => {
    const flags = ['if_freight', 'if_drawback', 'if_release', 'if_archive', 'if_exports'];
    for (const flag of flags) {
      expect(outcome(carListsQuery, { order_id: '3', [flag]: '1' })).toEqual({ order_id: 3, [flag]: 1 });
      expect(outcome(carListsQuery, { order_id: '3', [flag]: '0' })).toEqual({ order_id: 3, [flag]: 0 });
      expect(outcome(carListsQuery, { order_id: '3', [flag]: '' })).toEqual({ order_id: 3 });
      expect(typeof outcome(carListsQuery, { order_id: '3', [flag]: '2' })).toBe('string');
    }
    expect(outcome(carListsQuery, { if_freight: '1' })).toBe('请选择海外合同');
  });

  // The answer schemas are the server's response schemas: a field they leave out never reaches the screen.
  it('each answer keeps the fields API.md lists', () => {
    const exists = { id: 1, vin: VIN, model: 'X5', order_no: 'HW-1', purchase_no: null };
    expect(carExistsAnswerSchema.parse({ ...exists, flow: 'pickup' })).toEqual(exists);
    expect(carSearchItemSchema.parse({ id: 1, vin: VIN, model: 'X5' })).toEqual({ id: 1, vin: VIN });
    const found = { found: { [VIN]: { id: 1, model: null } } };
    expect(carLookupAnswerSchema.parse(found)).toEqual(found);
    expect(carListItemSchema.parse({ id: 1, vin: VIN, model: 'X5', flow: 'filing' })).toEqual({
      id: 1,
      vin: VIN,
      model: 'X5',
    });
  });

  it('each call has API.md’s method and path; detach answers 204', () => {
    const calls = Object.values(vehicleEndpoints).map((call) => [call.method, call.path]);
    expect(calls).toEqual([
      ['GET', '/api/car/exists'],
      ['GET', '/api/car/search'],
      ['POST', '/api/car/lookup'],
      ['PUT', '/api/car/detach/:id'],
      ['GET', '/api/car/carLists'],
    ]);
    expect(vehicleEndpoints.detach.status).toBe(204);
  });
});
