/**
 * MoneyInput: the one field for an amount (API.md's money row): contract totals, car prices, fees,
 * receipts, remittances and the lists' amount filters. Put it straight in a `Form.Item` with
 * `moneyRules(...)`.
 *
 * - Shows an amount as clerks read it (45,000.50) and, while the clerk types, exactly what is typed. The
 *   text does not change when the box takes the focus: a change there would drop the selection that a
 *   double click or select-all made, and the typing would land after the old amount (400,000.00410000).
 * - NEVER changes an amount on its own: antd's InputNumber clamps to `min`/`max` and rounds to
 *   `precision` on blur, so −100 became 0.00 without a word. Here a wrong amount stays as typed and the
 *   rule says what is wrong, with the contract's own check (`moneyProblem`, the server's too).
 * - The form holds a number for every amount that reads as one exactly (up to 13 digits and 2 decimals,
 *   negative included, so the rule can name it), null for an empty field, and the typed text (commas and
 *   blanks taken out) for anything else, which the rule refuses. A valid amount is therefore always a
 *   number, and a body can send it as it is.
 */
import { useState, type CSSProperties, type FocusEvent, type ReactNode } from 'react';
import { Input, type FormRule } from 'antd';
import { MONEY_MAX, moneyProblem, type MoneyRule } from '../../../contract/fields';
import { clearable } from './clearable';

export type MoneyValue = number | string | null;

/** Numbers that a double holds exactly enough: 13 whole digits and 2 decimals are 15 significant digits. */
const EXACT_AMOUNT = /^-?(\d{1,13}(\.\d{0,2})?|\.\d{1,2})$/;

/** What the form keeps for a typed text (see the header). */
export function moneyValueFromText(text: string): MoneyValue {
  const plain = text.replace(/[,，\s]/g, '');
  if (plain === '') return null;
  // 5.100 is 5.1: zeros at the end of the decimals change nothing.
  const exact = plain.includes('.') ? plain.replace(/(\.\d*?)0+$/, '$1') : plain;
  if (EXACT_AMOUNT.test(exact)) return Number(exact);
  return plain;
}

/** A plain decimal as the server reads one (contract/fields.ts), a sign allowed. */
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * What `moneyProblem` says of a value the form holds. A text is a number too long to be held exactly
 * (14 whole digits, or 3 decimals and more): read as a number it is over the range or has too many
 * decimals; one that rounds to a fine number (1.0000000000000001) is still refused for its decimals, as
 * sending it would change it.
 */
export function moneyValueProblem(value: number | string, rule: MoneyRule): string | undefined {
  if (typeof value === 'number') return moneyProblem(value, rule);
  const text = value.trim();
  const amount = DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN;
  // 0.001 always reads as "too many decimals", NaN as "format": the contract's own words.
  return moneyProblem(amount, rule) ?? moneyProblem(/\.\d{3,}/.test(text) ? 0.001 : Number.NaN, rule);
}

const grouped = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** An amount as shown outside typing: grouped with two decimals when it is a valid amount, else as it is. */
export function moneyText(value: MoneyValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return '';
  const cents = value * 100;
  const twoDecimals = Math.abs(cents - Math.round(cents)) < 1e-6;
  // Only an amount the rule accepts is dressed up; a wrong one stays recognisable as what was typed.
  if (value >= 0 && value <= MONEY_MAX && twoDecimals) return grouped.format(value);
  return String(value);
}

const same = (a: MoneyValue | undefined, b: MoneyValue | undefined) =>
  (a ?? null) === (b ?? null) || (typeof a === 'number' && typeof b === 'number' && Object.is(a + 0, b + 0));

export interface MoneyInputProps {
  value?: MoneyValue;
  onChange?: (value: MoneyValue) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** Set by Form.Item: the label points at the box. */
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Shown after the amount: the currency (USD, CNY). */
  suffix?: ReactNode;
  style?: CSSProperties;
  className?: string;
  allowClear?: boolean;
  'data-testid'?: string;
}

export function MoneyInput({ value, onChange, onBlur, suffix, style, allowClear, ...rest }: MoneyInputProps) {
  /** The text while the box has the focus; undefined otherwise. */
  const [typing, setTyping] = useState<string>();
  // A value set from outside while typing (a reset) wins over the stale text.
  const shown = typing !== undefined && same(moneyValueFromText(typing), value) ? typing : moneyText(value);

  return (
    <Input
      {...rest}
      value={shown}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      suffix={suffix}
      allowClear={allowClear ? clearable : undefined}
      style={{ width: '100%', ...style }}
      onChange={(event) => {
        setTyping(event.target.value);
        onChange?.(moneyValueFromText(event.target.value));
      }}
      onBlur={(event) => {
        setTyping(undefined);
        onBlur?.(event);
      }}
    />
  );
}

export interface MoneyRuleOptions {
  /** What the field is called in the messages (金额, 合同总额, 服务费…). */
  label: string;
  /** The message for an empty field; without it the field may stay empty. */
  required?: string;
  /** Fees (`invoice`, `other`) and filters may be 0; totals, prices, receipts and remittances may not. */
  allowZero?: boolean;
}

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * The form's check of an amount: the contract's `moneyProblem`, the very rule the server applies. A
 * required amount also carries antd's `required` rule, so its label shows the asterisk.
 */
export function moneyRules({ label, required, allowZero = false }: MoneyRuleOptions): FormRule[] {
  const check: FormRule = {
    validator: async (_, value: unknown) => {
      if (blank(value)) return;
      const problem = moneyValueProblem(value as number | string, { allowZero, label });
      if (problem) throw new Error(problem);
    },
  };
  return required ? [{ required: true, message: required }, check] : [check];
}
