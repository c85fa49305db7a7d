/**
 * VIN helpers of the renderer: pure, no React. The rule itself (17 characters, digits and capitals
 * without I, O, Q; trimmed and upper-cased) is the contract's (`contract/vehicle.ts`), shared with the
 * server; this file adds what only a screen needs: a reason in Chinese for a malformed VIN, and the
 * ISO 3779 check digit, which the import only warns about (many real VINs, older or non-North-American
 * ones, carry no valid check digit, so refusing them would refuse real cars).
 */
import { carMessages, normalizeVin, VIN_LENGTH, VIN_PATTERN } from '../../../contract/vehicle';

export { normalizeVin, VIN_LENGTH, VIN_PATTERN };

export const vinMessages = {
  required: carMessages.vinRequired,
  format: carMessages.vinFormat,
  length: (length: number) => `车架号应为${VIN_LENGTH}位，当前为${length}位`,
  forbiddenLetters: (letters: string[]) => `车架号不能包含字母 ${letters.join('、')}（I、O、Q 不用于车架号）`,
  otherCharacters: '车架号只能由数字和大写字母组成',
  checkDigit: (expected: string, actual: string) =>
    `第9位校验码应为 ${expected}（现为 ${actual}），请核对车架号是否抄错`,
} as const;

/** What a VIN field holds whatever was typed or pasted: folded as every VIN is, no blanks anywhere. */
export const normalizeTypedVin = (text: string): string => normalizeVin(text).replace(/\s+/g, '');

/**
 * Why a (normalised) VIN is not acceptable, in the clerk's words, or undefined when it is. The most
 * useful reason first: an I, O or Q is named even when the length is wrong too, since that is the
 * usual copying mistake (1 read as I, 0 as O).
 */
export function vinProblem(vin: string): string | undefined {
  if (vin === '') return vinMessages.required;
  if (VIN_PATTERN.test(vin)) return undefined;
  const forbidden = [...new Set(vin.match(/[IOQ]/g) ?? [])];
  if (forbidden.length > 0) return vinMessages.forbiddenLetters(forbidden);
  if (/[^A-Z0-9]/.test(vin)) return vinMessages.otherCharacters;
  if (vin.length !== VIN_LENGTH) return vinMessages.length(vin.length);
  return vinMessages.format;
}

/** ISO 3779 transliteration of letters (I, O and Q never occur). */
const letterValues: Readonly<Record<string, number>> = Object.freeze({
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
});

/** Position weights; the 9th position (the check digit itself) weighs 0. */
const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** The check digit a well-formed VIN should carry at position 9 ('0'–'9' or 'X'), or undefined for a malformed one. */
export function expectedCheckDigit(vin: string): string | undefined {
  if (!VIN_PATTERN.test(vin)) return undefined;
  let sum = 0;
  for (let index = 0; index < VIN_LENGTH; index += 1) {
    const character = vin[index] ?? '';
    const value = /\d/.test(character) ? Number(character) : (letterValues[character] ?? 0);
    sum += value * (weights[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** A warning for a well-formed VIN whose 9th character is not its check digit, or undefined. */
export function checkDigitWarning(vin: string): string | undefined {
  const expected = expectedCheckDigit(vin);
  const actual = vin[8] ?? '';
  return expected === undefined || expected === actual ? undefined : vinMessages.checkDigit(expected, actual);
}
