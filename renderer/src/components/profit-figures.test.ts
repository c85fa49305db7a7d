import { describe, expect, it } from 'vitest';
import { decimalSign, formatDecimalMoney, formatMargin } from './profit-figures';

describe('profit figures as the clerk reads them', () => {
  it('groups the server’s decimal strings by thousands with two decimals, from the text alone', () => {
    expect(formatDecimalMoney('1234567.89')).toBe('1,234,567.89');
    expect(formatDecimalMoney('-1234567.5')).toBe('-1,234,567.50');
    expect(formatDecimalMoney('999999999999.99')).toBe('999,999,999,999.99');
    // Beyond a double's exact digits the text is still shown as it came, not rounded by a float.
    expect(formatDecimalMoney('90071992547409931.01')).toBe('90,071,992,547,409,931.01');
    expect(formatDecimalMoney('0.00')).toBe('0.00');
    expect(formatDecimalMoney('-0.00')).toBe('0.00');
    expect(formatDecimalMoney('007')).toBe('7.00');
    expect(formatDecimalMoney(null)).toBe('—');
    expect(formatDecimalMoney('n/a')).toBe('n/a');
  });

  it('shows a margin of 4 places as a percentage with 2, shifting the point, never rounding', () => {
    expect(formatMargin('0.0776')).toBe('7.76%');
    expect(formatMargin('0.3774')).toBe('37.74%');
    expect(formatMargin('-0.0020')).toBe('-0.20%');
    expect(formatMargin('1.5')).toBe('150.00%');
    expect(formatMargin('12.3456')).toBe('1234.56%');
    expect(formatMargin('-0.0000')).toBe('0.00%');
    expect(formatMargin(null)).toBe('—');
  });

  it('tells a gain from a loss and from nothing', () => {
    expect(decimalSign('600.00')).toBe(1);
    expect(decimalSign('-300.00')).toBe(-1);
    expect(decimalSign('0.00')).toBe(0);
    expect(decimalSign('-0.00')).toBe(0);
    expect(decimalSign(null)).toBe(0);
  });
});
