import { describe, expect, it } from 'vitest';
import { normaliseRate, profitMessages, profitReportQuery, rateBody, rateProblem } from './profit';

describe('the book rate as typed (contract/profit.ts)', () => {
  it('says what is wrong with a rate in the words the form and the server share', () => {
    expect(rateProblem('7.123456')).toBeUndefined();
    expect(rateProblem('0.000001')).toBeUndefined();
    expect(rateProblem('9999.999999')).toBeUndefined();
    expect(rateProblem('0')).toBe(profitMessages.ratePositive);
    expect(rateProblem('-7')).toBe(profitMessages.ratePositive);
    expect(rateProblem('7.1234567')).toBe(profitMessages.rateDecimals);
    expect(rateProblem('10000')).toBe(profitMessages.rateTooLarge);
    expect(rateProblem('7.')).toBe(profitMessages.rateFormat);
    expect(rateProblem('１')).toBe(profitMessages.rateFormat);
  });

  it('keeps the rate exactly, without the zeros that say nothing', () => {
    expect(normaliseRate('07.100000')).toBe('7.1');
    expect(normaliseRate('7.000')).toBe('7');
    expect(normaliseRate('0.5')).toBe('0.5');
    expect(rateBody.parse({ rate: 7.25 })).toEqual({ currency: 'USD', rate: '7.25' });
    expect(rateBody.safeParse({ rate: 7.1234567 }).error?.issues[0]?.message).toBe(profitMessages.rateDecimals);
  });

  it('the report needs its period, the right way round, and a known sort field', () => {
    const message = (query: object) => profitReportQuery.safeParse(query).error?.issues[0]?.message;
    expect(message({})).toBe(profitMessages.periodRequired);
    expect(message({ start_time: '2026-11-02', end_time: '2026-11-01' })).toBe(profitMessages.periodOrder);
    expect(message({ start_time: '2026-11-01', end_time: '2026-11-30', sort: 'password' })).toBe(
      profitMessages.sortFormat,
    );
    expect(profitReportQuery.parse({ start_time: '2026-11-01', end_time: '2026-11-30', sort: '', order: '' })).toEqual({
      start_time: '2026-11-01',
      end_time: '2026-11-30',
      page: 1,
      limit: 15,
    });
  });
});
