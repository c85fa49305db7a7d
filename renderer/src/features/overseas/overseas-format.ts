const moneyFormat = new Intl.NumberFormat('zh-CN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** Amounts as clerks read them: thousands separators, two decimals (1,234,567.50). */
export const formatMoney = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? moneyFormat.format(value) : '';

/** The receipt progress in whole percent, never above 100 (an overpaid contract is simply complete). */
export function receiptPercent(receiptTotal: number, total: number): number {
  if (!(total > 0)) return receiptTotal > 0 ? 100 : 0;
  return Math.min(100, Math.floor((receiptTotal / total) * 100));
}

/** The list and the form share this page's path. */
export const overseasPaths = {
  list: '/overseas/list',
  add: '/overseas/add',
  edit: (id: number) => `/overseas/edit/${id}`,
  info: (id: number) => `/overseas/info/${id}`,
} as const;
