import { describe, expect, it } from 'vitest';
import { fillPath } from './endpoint';
import { feeField, limitedText, MONEY_MAX, moneyField, moneyProblem, requiredText } from './fields';

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
