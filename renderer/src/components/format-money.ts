const moneyFormat = new Intl.NumberFormat('zh-CN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** Amounts as clerks read them on every screen: thousands separators, two decimals (1,234,567.50). */
export const formatMoney = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? moneyFormat.format(value) : '';

/**
 * How much of a contract's total is paid (received overseas, remitted on a purchase), in whole percent and
 * never above 100: an overpaid contract is simply complete, and a contract without a total is complete as
 * soon as anything was paid.
 */
export function paidPercent(paid: number, total: number): number {
  if (!(total > 0)) return paid > 0 ? 100 : 0;
  return Math.min(100, Math.floor((paid / total) * 100));
}
