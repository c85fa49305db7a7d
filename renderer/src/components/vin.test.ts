import { describe, expect, it } from 'vitest';
import { checkDigitWarning, expectedCheckDigit, normalizeTypedVin, normalizeVin, vinMessages, vinProblem } from './vin';

describe('VIN helpers', () => {
  it('normalises what was typed or pasted: upper case, no blanks', () => {
    expect(normalizeTypedVin(' lsvab 1235ra100000\t')).toBe('LSVAB1235RA100000');
    // Full-width mode of a Chinese input method, and a zero-width space pasted with the VIN.
    expect(normalizeTypedVin('ｌｓｖａｂ　１２３５ＲＡ１０００００\u200b')).toBe('LSVAB1235RA100000');
    expect(normalizeVin(' lgbab1234ra200004 ')).toBe('LGBAB1234RA200004');
  });

  it('accepts a well-formed VIN and names what is wrong with a malformed one', () => {
    expect(vinProblem('LSVAB1235RA100000')).toBeUndefined();
    expect(vinProblem('')).toBe(vinMessages.required);
    expect(vinProblem('LFVAB1230RA20000')).toBe('车架号应为17位，当前为16位');
    expect(vinProblem('LFVAB1230RA2000021')).toBe('车架号应为17位，当前为18位');
    expect(vinProblem('LSVAB12I0RA200003')).toBe('车架号不能包含字母 I（I、O、Q 不用于车架号）');
    expect(vinProblem('LSVOB12Q0RA20000')).toBe('车架号不能包含字母 O、Q（I、O、Q 不用于车架号）');
    expect(vinProblem('LSVAB1235RA10000-')).toBe(vinMessages.otherCharacters);
    expect(vinProblem('lsvab1235ra100000')).toBe(vinMessages.otherCharacters);
  });

  it('computes the ISO 3779 check digit, X for a remainder of 10', () => {
    // The README's example: LSGAB1230RA200007 carries 0 where 5 belongs.
    expect(expectedCheckDigit('LSGAB1230RA200007')).toBe('5');
    expect(expectedCheckDigit('LSGAB123XRA100016')).toBe('X');
    // The textbook example of the North American standard.
    expect(expectedCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(expectedCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(expectedCheckDigit('TOO-SHORT')).toBeUndefined();
  });

  it('warns about a wrong check digit only', () => {
    expect(checkDigitWarning('LSGAB1235RA200007')).toBeUndefined();
    expect(checkDigitWarning('LSGAB1230RA200007')).toBe('第9位校验码应为 5（现为 0），请核对车架号是否抄错');
    expect(checkDigitWarning('LSVAB12I0RA200003')).toBeUndefined();
  });
});
