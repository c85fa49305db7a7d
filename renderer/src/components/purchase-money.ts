import nzh from 'nzh/cn';
import { MONEY_MAX } from '../../../contract/fields';
import { PURCHASE_CURRENCY } from '../../../contract/purchase';
import { formatMoney, paidPercent } from './format-money';

/**
 * An amount in Chinese capitals (壹拾万元整), or '' for anything that is not a valid amount. nzh reads
 * the amount as a string: `toFixed(2)` of a number with at most 13 whole digits is exact, so
 * 999,999,999,999.99 comes out to the last 分.
 */
export function moneyInCapitals(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MONEY_MAX) return '';
  return nzh.toMoney(value.toFixed(2), { outSymbol: false, forceZheng: true });
}

/** The spec's remitted(percent): 12,000.00(40%). */
export const remittedText = (remitTotal: number, total: number): string =>
  `${formatMoney(remitTotal)}(${paidPercent(remitTotal, total)}%)`;

/** An amount of a purchase contract with its currency, as the info page and the remittance dialog show it. */
export const purchaseMoney = (value: number): string => `${PURCHASE_CURRENCY} ${formatMoney(value)}`;

/** remitted(percent) with the currency, where the contract total beside it shows one: CNY 12,000.00(40%). */
export const remittedWithCurrency = (remitTotal: number, total: number): string =>
  `${PURCHASE_CURRENCY} ${remittedText(remitTotal, total)}`;
