/**
 * Profit (利润, issue 26; DOMAIN.md "Profit", API.md "Beyond the seeds"): the monthly book rate of USD
 * (记账汇率) an administrator keeps, what each car and each overseas contract earned, the exchange gain
 * or loss of every receipt (汇兑损益), and the profit report (利润报表). Money leaves the server as
 * decimal strings with two places (`"1234.50"`), computed in integer fen: never a floating sum. A
 * figure the server cannot know (a USD contract whose month has no rate) is null.
 */
import { z } from 'zod';
import { dateOnly, idParam, optionalFilter, pageQuery } from './common';
import { endpoint, paged } from './endpoint';
import { exportAnswerSchema } from './export';
import { blankToUndefined } from './fields';
import { reportMessages } from './filed-period-report';

/** The currencies a book rate is kept for; CNY is always 1. */
export const RATE_CURRENCIES = ['USD'] as const;
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

/** A rate has at most 6 decimals; kept exactly (the server stores micro-units). */
export const RATE_DECIMALS = 6;
/** The largest rate accepted: far above any real CNY per USD, and a bound on the arithmetic. */
export const RATE_MAX = 9999.999999;
const RATE_MAX_TEXT = '9999.999999';

export const profitLabels = {
  rate: '记账汇率',
  month: '月份',
  currency: '币种',
  freight_money: '运费金额',
  drawback_money: '退税金额',
  revenue: '收入',
  costs: '采购成本',
  freight: '运费',
  drawback: '退税',
  profit: '利润',
  margin: '利润率',
  fx_gain: '汇兑损益',
  final: '状态',
  cars: '车辆数',
  order_no: '海外合同号',
  customer_name: '客户',
  country: '国家',
  book_rate: '记账汇率',
  settlement: '结汇金额',
  amount: '收款金额',
  estimated: '预估',
  finalWord: '最终',
  total: '合计',
  reportTitle: '利润报表',
  ratesTitle: '记账汇率',
  profitTab: '利润',
  period: '统计期间',
  generatedAt: '生成时间',
} as const;

export const profitMessages = {
  monthFormat: '月份格式不正确，应为 YYYY-MM',
  currencyFormat: '币种只能是 USD',
  rateRequired: '请输入记账汇率',
  rateFormat: '记账汇率格式不正确',
  ratePositive: '记账汇率必须大于 0',
  rateDecimals: `记账汇率最多${RATE_DECIMALS}位小数`,
  rateTooLarge: `记账汇率不能超过 ${RATE_MAX_TEXT}`,
  saved: '保存成功',
  saveFailed: '保存失败',
  adminOnly: '只有管理员可以设置记账汇率',
  orderUnknown: '海外合同不存在',
  sortFormat: '排序字段不正确',
  orderFormat: '排序方向只能是 asc 或 desc',
  ...reportMessages,
} as const;

/** Why a figure is still 预估 (DOMAIN.md "Profit"), in the order the screens list them. */
export const PROFIT_REASONS = {
  noRate: '记账汇率未设置',
  notSettled: '尚未结汇',
  noFreight: '运费未录入',
  noDrawback: '退税未录入',
  noPurchasePrice: '采购价未录入',
} as const;
export type ProfitReason = (typeof PROFIT_REASONS)[keyof typeof PROFIT_REASONS];
export const profitReasonSchema = z.enum(Object.values(PROFIT_REASONS) as [ProfitReason, ...ProfitReason[]]);

// ---- rates ----

/** `YYYY-MM`, a real month (01–12). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthField = z
  .string({ error: profitMessages.monthFormat })
  .regex(MONTH_PATTERN, profitMessages.monthFormat);

const RATE_TEXT = /^\d+(\.\d+)?$/;

/**
 * A rate typed as text or sent as a number: > 0, up to 6 decimals, nothing rounded. The answer keeps the
 * text (normalised: no trailing zeros beyond the decimal point, e.g. `"7.1"`), so nothing is lost to floats.
 */
export const rateField = z.preprocess(
  (value) => {
    const present = blankToUndefined(value);
    if (typeof present === 'number') return Number.isFinite(present) ? String(present) : 'NaN';
    return typeof present === 'string' ? present.trim() : present;
  },
  z
    .string({ error: (issue) => (issue.input === undefined ? profitMessages.rateRequired : profitMessages.rateFormat) })
    .superRefine((text, context) => {
      const problem = rateProblem(text);
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
    })
    .transform(normaliseRate),
);

/** What is wrong with a typed rate, in the words the form and the server both show; undefined when fine. */
export function rateProblem(text: string): string | undefined {
  if (text.startsWith('-') && RATE_TEXT.test(text.slice(1))) return profitMessages.ratePositive;
  if (!RATE_TEXT.test(text)) return profitMessages.rateFormat;
  const [whole = '', fraction = ''] = text.split('.');
  if (fraction.length > RATE_DECIMALS) return profitMessages.rateDecimals;
  if (/^0*$/.test(whole) && /^0*$/.test(fraction)) return profitMessages.ratePositive;
  if (whole.replace(/^0+/, '').length > 4) return profitMessages.rateTooLarge;
  return undefined;
}

/** `"07.100000"` → `"7.1"`; `"7."` never reaches here (the pattern refuses it). */
export function normaliseRate(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const head = whole.replace(/^0+(?=\d)/, '');
  const tail = fraction.replace(/0+$/, '');
  return tail === '' ? head : `${head}.${tail}`;
}

export const rateParams = z.object({ month: monthField });
/** `PUT /api/rates/{month}`: the currency (USD only) and the rate. */
export const rateBody = z.strictObject({
  currency: z.preprocess(
    (value) => blankToUndefined(value) ?? 'USD',
    z.enum(RATE_CURRENCIES, { error: profitMessages.currencyFormat }),
  ),
  rate: rateField,
});
export type RateBodyInput = z.input<typeof rateBody>;
export type RateBody = z.output<typeof rateBody>;

/** A kept rate: `rate` as the exact decimal text (`"7.1234"`). */
export const rateSchema = z.object({
  month: z.string(),
  currency: z.enum(RATE_CURRENCIES),
  rate: z.string(),
  updated_at: z.string(),
});
export type Rate = z.infer<typeof rateSchema>;

// ---- a contract's profit ----

/** Money as a decimal string with two places (`"-12.30"`), null where the server cannot know it. */
const money = z.string().nullable();

/** One car's figures (DOMAIN.md "Profit"). `costs` is the purchase side only. */
export const carProfitSchema = z.object({
  car_id: z.number(),
  vin: z.string(),
  revenue: money,
  costs: money,
  /** Null when no freight record of the car has an amount. */
  freight: money,
  /** Null when the car's tax refund record has no amount (or there is none). */
  drawback: money,
  profit: money,
  /** A decimal fraction with 4 places (`"0.0776"`, shown 7.76%); null when revenue is 0 or unknown. */
  margin: z.string().nullable(),
  final: z.boolean(),
  reasons: z.array(profitReasonSchema),
});
export type CarProfit = z.infer<typeof carProfitSchema>;

/** One receipt with its exchange gain or loss (null until settled; "0.00" for CNY). */
export const receiptProfitSchema = z.object({
  id: z.number(),
  /** In the receipt's currency. */
  amount: z.string(),
  currency: z.enum(['USD', 'CNY']),
  /** The contract month's book rate ("1" for CNY), null when the month has none. */
  book_rate: z.string().nullable(),
  settlement: money,
  fx_gain: money,
});
export type ReceiptProfit = z.infer<typeof receiptProfitSchema>;

export const profitTotalsSchema = z.object({
  revenue: money,
  costs: money,
  freight: money,
  drawback: money,
  profit: money,
  margin: z.string().nullable(),
  /** Summed over settled receipts; null when nothing is settled yet. */
  fx_gain: money,
  final: z.boolean(),
  /** Every reason any car gives, each once, in `PROFIT_REASONS` order. */
  reasons: z.array(profitReasonSchema),
});
export type ProfitTotals = z.infer<typeof profitTotalsSchema>;

/** `GET /api/order/{id}/profit`. */
export const orderProfitSchema = z.object({
  order_id: z.number(),
  currency: z.enum(['USD', 'CNY']),
  /** The rate of the contract's creation month ("1" for CNY), null when that month has none. */
  book_rate: z.string().nullable(),
  /** `YYYY-MM` of the contract's creation (server time zone): the month whose rate it uses. */
  month: z.string(),
  cars: z.array(carProfitSchema),
  receipts: z.array(receiptProfitSchema),
  totals: profitTotalsSchema,
});
export type OrderProfit = z.infer<typeof orderProfitSchema>;

// ---- the report ----

/** The report's row fields a clerk may sort by. */
export const PROFIT_SORT_FIELDS = [
  'id',
  'order_no',
  'customer_name',
  'country',
  'cars',
  'revenue',
  'costs',
  'freight',
  'drawback',
  'profit',
  'margin',
  'fx_gain',
  'final',
  'created_at',
] as const;
export type ProfitSortField = (typeof PROFIT_SORT_FIELDS)[number];

const requiredDay = z.preprocess(blankToUndefined, z.string({ error: reportMessages.periodRequired }).pipe(dateOnly));

const reportFilters = {
  start_time: requiredDay,
  end_time: requiredDay,
  /** The customer's name contains this text. */
  name: optionalFilter(z.string().trim().max(100)),
  /** The contract's country contains this text. */
  country: optionalFilter(z.string().trim().max(100)),
  /** Default: newest contract first (`created_at` desc). */
  sort: optionalFilter(z.enum(PROFIT_SORT_FIELDS, { error: profitMessages.sortFormat })),
  order: optionalFilter(z.enum(['asc', 'desc'], { error: profitMessages.orderFormat })),
};

const periodOrder = (query: { start_time: string; end_time: string }, context: z.RefinementCtx) => {
  if (query.end_time < query.start_time) {
    context.addIssue({ code: 'custom', message: reportMessages.periodOrder, path: ['end_time'] });
  }
};

/** `GET /api/report/profit`: contracts created in the period (server time zone, end inclusive). */
export const profitReportQuery = pageQuery.extend(reportFilters).superRefine(periodOrder);
export type ProfitReportQuery = z.infer<typeof profitReportQuery>;
/** The export takes the same filters and sort; paging is ignored. */
export const profitReportExportQuery = z.object(reportFilters).superRefine(periodOrder);
export type ProfitReportExportQuery = z.infer<typeof profitReportExportQuery>;

export const profitReportRowSchema = z.object({
  id: z.number(),
  order_no: z.string(),
  customer_name: z.string(),
  country: z.string().nullable(),
  currency: z.enum(['USD', 'CNY']),
  created_at: z.string(),
  cars: z.number(),
  revenue: money,
  costs: money,
  freight: money,
  drawback: money,
  profit: money,
  margin: z.string().nullable(),
  fx_gain: money,
  final: z.boolean(),
});
export type ProfitReportRow = z.infer<typeof profitReportRowSchema>;

/** Sums over every matching row (not only the page); null figures count as nothing. */
export const profitReportTotalsSchema = z.object({
  contracts: z.number(),
  cars: z.number(),
  revenue: z.string(),
  costs: z.string(),
  freight: z.string(),
  drawback: z.string(),
  profit: z.string(),
  margin: z.string().nullable(),
  fx_gain: z.string(),
  /** Every matching row is final. */
  final: z.boolean(),
});
export type ProfitReportTotals = z.infer<typeof profitReportTotalsSchema>;

/** Profit by the month the contracts were created, every month of the period, oldest first. */
export const profitByMonthSchema = z.object({ month: z.string(), profit: z.string() });
export type ProfitByMonth = z.infer<typeof profitByMonthSchema>;

export const profitReportSchema = paged(profitReportRowSchema).extend({
  totals: profitReportTotalsSchema,
  by_month: z.array(profitByMonthSchema),
});
export type ProfitReport = z.infer<typeof profitReportSchema>;

/** The workbook's sheet and file name. */
export const PROFIT_REPORT_SHEET_NAME = '利润报表';

/** Every endpoint of profit (API.md, Beyond the seeds). */
export const profitEndpoints = {
  rates: endpoint({ method: 'GET', path: '/api/rates', response: z.array(rateSchema) }),
  /** Administrator only, as the other settings. */
  rateSave: endpoint({
    method: 'PUT',
    path: '/api/rates/:month',
    params: rateParams,
    body: rateBody,
    response: rateSchema,
  }),
  order: endpoint({
    method: 'GET',
    path: '/api/order/:id/profit',
    params: idParam,
    response: orderProfitSchema,
  }),
  report: endpoint({
    method: 'GET',
    path: '/api/report/profit',
    query: profitReportQuery,
    response: profitReportSchema,
  }),
  reportExport: endpoint({
    method: 'GET',
    path: '/api/report/profit/export',
    query: profitReportExportQuery,
    response: exportAnswerSchema,
  }),
};
