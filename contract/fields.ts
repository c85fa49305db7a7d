/**
 * Field builders every area shares: money, text with a named limit, stored file paths, lists sent
 * form-encoded, and "empty means none". One place, so the form and the server say the same thing.
 */
import { z } from 'zod';

/** "Nothing typed": null or a blank string. Such a field is treated as absent. */
export const blankToUndefined = (value: unknown): unknown =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** The largest amount API.md's money row allows. */
export const MONEY_MAX = 999_999_999_999.99;
const MONEY_MAX_TEXT = '999,999,999,999.99';

export interface MoneyRule {
  /** Fees (`invoice`, `other`) and list filters may be 0; totals, prices, receipts and remittances may not. */
  allowZero: boolean;
  /** What the clerk calls the amount, e.g. 收款金额; every message starts with it. */
  label: string;
}

/**
 * What is wrong with an amount, in the words the form and the server both show; undefined when it is
 * fine. An amount is never changed to make it fit (API.md, money): −100 is refused, not turned into 0.
 */
export function moneyProblem(value: number, options: MoneyRule): string | undefined {
  const { allowZero, label } = options;
  if (!Number.isFinite(value)) return `${label}格式不正确`;
  if (value < 0) return `${label}不能为负数`;
  if (value > MONEY_MAX) return `${label}不能超过 ${MONEY_MAX_TEXT}`;
  // The shortest decimal that reads back as this number: 0.001 stays "0.001", 1e-7 is "1e-7".
  if (!/^\d+(\.\d{1,2})?$/.test(String(value))) return `${label}最多两位小数`;
  if (!allowZero && value === 0) return `${label}必须大于 0`;
  return undefined;
}

/** A money amount typed as text: a plain decimal (a sign allowed so that −100 hears "不能为负数"). */
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

const toAmount = (value: unknown): unknown => {
  const present = blankToUndefined(value);
  if (typeof present !== 'string') return present;
  const text = present.trim();
  return DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN;
};

const amountSchema = (rule: MoneyRule, requiredMessage: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? requiredMessage : `${rule.label}格式不正确`) })
    .superRefine((value, context) => {
      const problem = moneyProblem(value, rule);
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
    });

/**
 * A required amount, sent as a JSON number or a form-encoded string; parsed to a number of yuan or
 * dollars (the server turns it into integer fen). `requiredMessage` is the spec's message for a blank field.
 */
export const moneyField = (rule: MoneyRule & { requiredMessage?: string }) =>
  z.preprocess(toAmount, amountSchema(rule, rule.requiredMessage ?? `请输入${rule.label}`));

/** An amount that may be left blank (absent, null or empty). */
export const optionalMoneyField = (rule: MoneyRule) =>
  z.preprocess(toAmount, amountSchema(rule, `请输入${rule.label}`).optional());

/** A fee: blank means 0, and 0 is allowed. */
export const feeField = (label: string) =>
  z.preprocess((value) => toAmount(value) ?? 0, amountSchema({ label, allowZero: true }, `请输入${label}`));

/** The message of a text over its limit; it names the limit so the clerk knows how much to cut. */
export const textTooLong = (label: string, max: number) => `${label}不能超过 ${max} 个字`;

/** Required text, trimmed: `requiredMessage` when blank, the named limit when too long. */
export const requiredText = (label: string, max: number, requiredMessage: string) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, textTooLong(label, max)),
  );

/** Optional text, trimmed; blank means none (stored as null). */
export const limitedText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label}格式不正确` })
      .trim()
      .max(max, textTooLong(label, max))
      .optional(),
  );

/** A file a record keeps: a path `POST /api/upload` answered. */
export const STORAGE_PATH_PATTERN = /^\/storage\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/;
export const STORAGE_PATH_MAX = 300;
export const storagePathMessage = '文件地址不正确，请重新上传';

export const storagePathField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(STORAGE_PATH_MAX, storagePathMessage)
    .regex(STORAGE_PATH_PATTERN, storagePathMessage);

/** A stored path that may be left out. */
export const optionalStoragePathField = () =>
  z.preprocess(blankToUndefined, storagePathField(storagePathMessage).optional());

/** A form-encoded list arrives as an array, an index-keyed object or a lone string; all become arrays. */
export const asList = (value: unknown): unknown => {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value) && typeof value === 'object') return Object.values(value as Record<string, unknown>);
  return value;
};
