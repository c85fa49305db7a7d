import { describe, expect, it } from 'vitest';
import { fillPath } from './endpoint';
import {
  asList,
  blankToUndefined,
  feeField,
  limitedText,
  MONEY_MAX,
  moneyField,
  moneyProblem,
  optionalMoneyField,
  optionalStoragePathField,
  requiredText,
  storagePathField,
} from './fields';

/** What the field answers for a value: the parsed value, or its first message. */
const outcome = (
  schema: {
    safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } };
  },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? result.data : result.error?.issues[0]?.message;
};

describe('money (API.md money row)', () => {
  const receipt = moneyField({ label: '收款金额', allowZero: false, requiredMessage: '请填写收款金额' });

  it('refuses what is out of range, negative, too precise or zero, and never changes an amount', () => {
    expect(outcome(receipt, 9_999_999_999_999)).toBe('收款金额不能超过 999,999,999,999.99');
    expect(outcome(receipt, '1000000000000')).toBe('收款金额不能超过 999,999,999,999.99');
    expect(outcome(receipt, -100)).toBe('收款金额不能为负数');
    expect(outcome(receipt, '-0.5')).toBe('收款金额不能为负数');
    expect(outcome(receipt, 0.001)).toBe('收款金额最多两位小数');
    expect(outcome(receipt, '12.345')).toBe('收款金额最多两位小数');
    expect(outcome(receipt, 0)).toBe('收款金额必须大于 0');
    expect(outcome(receipt, '1e3')).toBe('收款金额格式不正确');
    expect(outcome(receipt, '')).toBe('请填写收款金额');
    expect(outcome(receipt, null)).toBe('请填写收款金额');
  });

  it('takes the whole range as sent, as a number or as form-encoded text', () => {
    expect(outcome(receipt, MONEY_MAX)).toBe(999_999_999_999.99);
    expect(outcome(receipt, '999999999999.99')).toBe(999_999_999_999.99);
    expect(outcome(receipt, ' 266000.5 ')).toBe(266_000.5);
    expect(outcome(receipt, 0.01)).toBe(0.01);
  });

  it('lets a fee be 0 or blank (0), and no less', () => {
    const fee = feeField('服务费');
    expect(outcome(fee, 0)).toBe(0);
    expect(outcome(fee, '')).toBe(0);
    expect(outcome(fee, -1)).toBe('服务费不能为负数');
  });

  it('gives the form the same words as the server', () => {
    expect(moneyProblem(-100, { label: '订单总额', allowZero: false })).toBe('订单总额不能为负数');
    expect(moneyProblem(0, { label: '服务费', allowZero: true })).toBeUndefined();
    expect(moneyProblem(Number.NaN, { label: '订单总额', allowZero: false })).toBe('订单总额格式不正确');
  });
});

describe('text with a named limit', () => {
  it('names the limit in its message; blank optional text is none', () => {
    expect(outcome(limitedText('备注', 255), 'x'.repeat(256))).toBe('备注不能超过 255 个字');
    expect(outcome(limitedText('备注', 255), '  ')).toBeUndefined();
    expect(outcome(requiredText('海外合同号', 50, '请输入海外合同号'), ' ')).toBe('请输入海外合同号');
    expect(outcome(requiredText('海外合同号', 50, '请输入海外合同号'), 'H'.repeat(51))).toBe(
      '海外合同号不能超过 50 个字',
    );
  });
});

describe('fillPath', () => {
  it('fills each :param, encoded, and refuses a missing one', () => {
    expect(fillPath('/api/order/:id/receipt', { id: 7 })).toBe('/api/order/7/receipt');
    expect(fillPath('/api/x/:name', { name: 'a/b c' })).toBe('/api/x/a%2Fb%20c');
    expect(() => fillPath('/api/order/:id', {})).toThrow('missing path parameter id');
  });
});

/** The money row of API.md at its edges: 0.01 to 999,999,999,999.99, two decimals, text as a plain decimal. */
describe('money at its edges', () => {
  const price = moneyField({ label: '车辆售价', allowZero: false });

  it('reads a plain decimal typed as text, with a sign, a leading or trailing point; nothing else', () => {
    expect(outcome(price, '+5')).toBe(5);
    expect(outcome(price, '.5')).toBe(0.5);
    expect(outcome(price, '.55')).toBe(0.55);
    expect(outcome(price, '5.')).toBe(5);
    expect(outcome(price, '12.34')).toBe(12.34);
    expect(outcome(price, '-.5')).toBe('车辆售价不能为负数');
    expect(outcome(price, '0x10')).toBe('车辆售价格式不正确');
    expect(outcome(price, '5 5')).toBe('车辆售价格式不正确');
    expect(outcome(price, '1,000')).toBe('车辆售价格式不正确');
    expect(outcome(price, 'a5')).toBe('车辆售价格式不正确');
    expect(outcome(price, '5a')).toBe('车辆售价格式不正确');
    expect(outcome(price, '.')).toBe('车辆售价格式不正确');
    expect(outcome(price, '++5')).toBe('车辆售价格式不正确');
  });

  it('blank asks for the amount in the spec’s default words; a value of another kind is 格式不正确', () => {
    expect(outcome(price, undefined)).toBe('请输入车辆售价');
    expect(outcome(price, '   ')).toBe('请输入车辆售价');
    expect(outcome(price, true)).toBe('车辆售价格式不正确');
    expect(outcome(price, {})).toBe('车辆售价格式不正确');
    expect(outcome(price, Number.POSITIVE_INFINITY)).toBe('车辆售价格式不正确');
  });

  it('the boundaries: 0.01, 1 and 999,999,999,999.99 taken; 0, 0.015, 999,999,999,999.991 refused', () => {
    expect(outcome(price, 0.01)).toBe(0.01);
    expect(outcome(price, 1)).toBe(1);
    expect(outcome(price, 10.5)).toBe(10.5);
    expect(outcome(price, 999_999_999_999.99)).toBe(999_999_999_999.99);
    expect(MONEY_MAX).toBe(999_999_999_999.99);
    expect(outcome(price, 1_000_000_000_000)).toBe('车辆售价不能超过 999,999,999,999.99');
    expect(outcome(price, 0.015)).toBe('车辆售价最多两位小数');
    expect(outcome(price, 0)).toBe('车辆售价必须大于 0');
    expect(outcome(price, -0.01)).toBe('车辆售价不能为负数');
    expect(moneyProblem(0.5, { label: '金额', allowZero: false })).toBeUndefined();
    expect(moneyProblem(0, { label: '金额', allowZero: false })).toBe('金额必须大于 0');
  });

  it('an optional amount may be blank; typed, it follows the same rules', () => {
    const remitted = optionalMoneyField({ label: '已付金额', allowZero: false });
    expect(outcome(remitted, '')).toBeUndefined();
    expect(outcome(remitted, null)).toBeUndefined();
    expect(outcome(remitted, undefined)).toBeUndefined();
    expect(outcome(remitted, '8.5')).toBe(8.5);
    expect(outcome(remitted, '0')).toBe('已付金额必须大于 0');
    expect(outcome(remitted, 'x')).toBe('已付金额格式不正确');
  });

  it('a fee: blank or null is 0, typed text is read, too precise is refused', () => {
    const fee = feeField('杂费');
    expect(outcome(fee, null)).toBe(0);
    expect(outcome(fee, undefined)).toBe(0);
    expect(outcome(fee, '12.5')).toBe(12.5);
    expect(outcome(fee, 0.001)).toBe('杂费最多两位小数');
    expect(outcome(fee, 'x')).toBe('杂费格式不正确');
  });
});

describe('blank, text and lists', () => {
  it('blank is null or only spaces; anything else stays as sent', () => {
    expect(blankToUndefined(null)).toBeUndefined();
    expect(blankToUndefined('')).toBeUndefined();
    expect(blankToUndefined(' \t ')).toBeUndefined();
    expect(blankToUndefined(' a ')).toBe(' a ');
    expect(blankToUndefined(0)).toBe(0);
    expect(blankToUndefined(false)).toBe(false);
  });

  it('required text is trimmed; its limit is inclusive; a number is not text', () => {
    const contractNo = requiredText('海外合同号', 50, '请输入海外合同号');
    expect(outcome(contractNo, `  ${'H'.repeat(50)}  `)).toBe('H'.repeat(50));
    expect(outcome(contractNo, null)).toBe('请输入海外合同号');
    expect(outcome(contractNo, 5)).toBe('请输入海外合同号');
  });

  it('optional text is trimmed, its limit inclusive; a number is 格式不正确', () => {
    const note = limitedText('备注', 5);
    expect(outcome(note, ' 12345 ')).toBe('12345');
    expect(outcome(note, '123456')).toBe('备注不能超过 5 个字');
    expect(outcome(note, null)).toBeUndefined();
    expect(outcome(note, 5)).toBe('备注格式不正确');
  });

  it('a form-encoded list: absent, null or empty is none; a lone string, an index-keyed object, an array', () => {
    expect(asList(undefined)).toEqual([]);
    expect(asList(null)).toEqual([]);
    expect(asList('')).toEqual([]);
    expect(asList('a')).toEqual(['a']);
    expect(asList({ 0: 'a', 1: 'b' })).toEqual(['a', 'b']);
    expect(asList(['a'])).toEqual(['a']);
    expect(asList(7)).toBe(7);
  });
});

/** A stored file: a path under /storage/ that `POST /api/upload` answered, at most 300 characters. */
describe('stored paths', () => {
  const field = storagePathField('请上传放行条');
  const wrong = '文件地址不正确，请重新上传';

  it('takes an upload’s path, trimmed; refuses other places, climbing out and odd characters', () => {
    expect(outcome(field, ' /storage/image/2026/11/a_b-c.1.jpg ')).toBe('/storage/image/2026/11/a_b-c.1.jpg');
    expect(outcome(field, '/storage/document/A9.pdf')).toBe('/storage/document/A9.pdf');
    expect(outcome(field, '')).toBe('请上传放行条');
    expect(outcome(field, ' ')).toBe('请上传放行条');
    expect(outcome(field, undefined)).toBe('请上传放行条');
    expect(outcome(field, '/storage/')).toBe(wrong);
    expect(outcome(field, '/storage/image/../../etc/passwd')).toBe(wrong);
    expect(outcome(field, '/storage/image/a..jpg')).toBe(wrong);
    expect(outcome(field, '/other/image/a.jpg')).toBe(wrong);
    expect(outcome(field, 'x/storage/image/a.jpg')).toBe(wrong);
    expect(outcome(field, '/storage/image/a b.jpg')).toBe(wrong);
    expect(outcome(field, '/storage/image/a.jpg?x')).toBe(wrong);
    expect(outcome(field, '/storage/image/a.jpg\n')).toBe('/storage/image/a.jpg');
    expect(outcome(field, '/storage/image/a\nb.jpg')).toBe(wrong);
    expect(outcome(field, 'https://x/storage/image/a.jpg')).toBe(wrong);
    expect(outcome(field, 'storage/image/a.jpg')).toBe(wrong);
  });

  it('at most 300 characters', () => {
    const at = (length: number) => `/storage/image/${'a'.repeat(length - '/storage/image/.jpg'.length)}.jpg`;
    expect(outcome(field, at(300))).toBe(at(300));
    expect(outcome(field, at(301))).toBe(wrong);
  });

  it('an optional path may be left out; typed, it is checked', () => {
    const optional = optionalStoragePathField();
    expect(outcome(optional, '')).toBeUndefined();
    expect(outcome(optional, null)).toBeUndefined();
    expect(outcome(optional, '/storage/image/a.jpg')).toBe('/storage/image/a.jpg');
    expect(outcome(optional, '/tmp/a.jpg')).toBe(wrong);
    expect(outcome(optional, 3)).toBe(wrong);
  });
});
