/**
 * Deadlines and reminders (issue 25; DOMAIN.md "Deadlines", API.md "Beyond the seeds"): the rules an
 * administrator keeps, the open deadlines list and its export. A deadline belongs to a vehicle, or for
 * the receipt rule to an overseas contract (no vehicle, with the balance still due).
 */
import { z } from 'zod';
import { digitsToNumber, optionalFilter, pageQuery } from './common';
import { endpoint, paged } from './endpoint';
import { exportAnswerSchema } from './export';
import { CURRENCIES } from './overseas';

/** The rules in the order of a car's life, the receipt rule last (DOMAIN.md's table). */
export const DEADLINE_KEYS = [
  'entry',
  'registry',
  'temp_plate',
  'release',
  'drawback',
  'archive',
  'freight',
  'receipt',
] as const;
export type DeadlineKey = (typeof DEADLINE_KEYS)[number];

/** DOMAIN.md's labels, verbatim. */
export const deadlineLabels: Record<DeadlineKey, string> = {
  entry: '入库',
  registry: '上牌/过户',
  temp_plate: '临时牌照到期',
  release: '出口报关',
  drawback: '退税申报',
  archive: '注销',
  freight: '运费',
  receipt: '收款',
};

/** What starts each rule's clock and what stops it (DOMAIN.md), for the rules page's explanations. */
export const deadlineStartsLabels: Record<DeadlineKey, string> = {
  entry: '采购合同移交入库',
  registry: '移交上牌/过户',
  temp_plate: '上牌或过户完成',
  release: '移交出口',
  drawback: '出口日期',
  archive: '出口日期',
  freight: '出口日期',
  receipt: '海外合同创建',
};
export const deadlineEndsLabels: Record<DeadlineKey, string> = {
  entry: '入库保存（或免入库）',
  registry: '上牌或过户完成',
  temp_plate: '报关单保存',
  release: '放行条与报关单均已保存',
  drawback: '退税记录保存',
  archive: '注销记录保存',
  freight: '运费记录完成',
  receipt: '收款达到合同总额',
};

/** The tax refund's due date is 30 April of the year after the export (出口退税申报期限), not a number of days. */
export const DEADLINE_FIXED_DATES: Partial<Record<DeadlineKey, string>> = { drawback: '04-30' };

/** The company's starting policy, seeded by the migration; drawback's days are not used (fixed date). */
export const DEADLINE_DEFAULT_DAYS: Record<DeadlineKey, number> = {
  entry: 7,
  registry: 15,
  temp_plate: 30,
  release: 15,
  drawback: 0,
  archive: 30,
  freight: 30,
  receipt: 90,
};

export const DEADLINE_DAYS_MIN = 1;
export const DEADLINE_DAYS_MAX = 730;
/** "Due soon" is 0 ≤ days left ≤ 7 (DOMAIN.md). */
export const DEADLINE_SOON_DAYS = 7;

export const deadlineMessages = {
  daysRange: `天数须为${DEADLINE_DAYS_MIN}至${DEADLINE_DAYS_MAX}之间的整数`,
  enabledFormat: '状态格式不正确',
  nothingToChange: '请填写天数或状态',
  fixedDate: '该期限为固定日期，不能修改天数',
  unknownRule: '期限规则不存在',
  stateFormat: '状态格式不正确',
  keyFormat: '期限类型不正确',
  saved: '保存成功',
} as const;

export const deadlineKeySchema = z.enum(DEADLINE_KEYS, { error: deadlineMessages.keyFormat });

/** A rule as the rules page shows it; `fixed` is `"04-30"` for the tax refund, else null. */
export const deadlineRuleSchema = z.object({
  key: z.enum(DEADLINE_KEYS),
  label: z.string(),
  /** The rule's days; for a fixed-date rule the stored number, which nothing uses. */
  days: z.number(),
  fixed: z.string().nullable(),
  /** 1 on, 0 off: an off rule's deadlines are kept but neither listed nor counted. */
  enabled: z.union([z.literal(0), z.literal(1)]),
});
export type DeadlineRule = z.infer<typeof deadlineRuleSchema>;

export const deadlineRuleParams = z.object({ key: z.string().max(32, deadlineMessages.unknownRule) });

/**
 * `PUT /api/deadline/rules/{key}`: days (1–730) and/or enabled (0/1). Days sent for the fixed-date rule
 * are refused with 422 `deadlineMessages.fixedDate` on `days` (the server knows which rule is fixed).
 */
export const deadlineRuleBody = z
  .strictObject({
    days: z
      .preprocess(
        digitsToNumber,
        z
          .number({ error: deadlineMessages.daysRange })
          .int(deadlineMessages.daysRange)
          .min(DEADLINE_DAYS_MIN, deadlineMessages.daysRange)
          .max(DEADLINE_DAYS_MAX, deadlineMessages.daysRange),
      )
      .optional(),
    enabled: z
      .preprocess(digitsToNumber, z.union([z.literal(0), z.literal(1)], { error: deadlineMessages.enabledFormat }))
      .optional(),
  })
  .refine((body) => body.days !== undefined || body.enabled !== undefined, {
    message: deadlineMessages.nothingToChange,
    path: ['days'],
  });
export type DeadlineRuleBody = z.input<typeof deadlineRuleBody>;

/** `overdue`: days left < 0; `soon`: 0–7; `open`: both, by due date (overdue come first that way). */
export const DEADLINE_STATES = ['overdue', 'soon', 'open'] as const;
export type DeadlineState = (typeof DEADLINE_STATES)[number];
export const deadlineStateLabels: Record<DeadlineState, string> = {
  overdue: '已逾期',
  soon: '7天内到期',
  open: '全部',
};

export const deadlineTextLimits = { order_no: 50, vin: 17 } as const;

/** `GET /api/deadline`: state (default open), key, order_no, vin, page, limit. */
export const deadlineListQuery = pageQuery.extend({
  state: optionalFilter(z.enum(DEADLINE_STATES, { error: deadlineMessages.stateFormat })).transform(
    (state) => state ?? 'open',
  ),
  key: optionalFilter(deadlineKeySchema),
  order_no: optionalFilter(z.string().trim().max(deadlineTextLimits.order_no)),
  vin: optionalFilter(z.string().trim().max(deadlineTextLimits.vin)),
});
export type DeadlineListQuery = z.infer<typeof deadlineListQuery>;
/** The export takes the list's filters; paging is ignored. */
export const deadlineExportQuery = deadlineListQuery;

/** The short form the work lists' rows and the vehicle file carry: the tag 还剩 N 天 / 今天到期 / 逾期 N 天. */
export const deadlineBriefSchema = z.object({
  key: z.enum(DEADLINE_KEYS),
  label: z.string(),
  /** `YYYY-MM-DD`, the server's time zone. */
  due_on: z.string(),
  /** due_on − today: negative past due, 0 on the day. */
  days_left: z.number(),
});
export type DeadlineBrief = z.infer<typeof deadlineBriefSchema>;

/**
 * The deadlines each work list's tag shows (the car's most urgent open one among them): the ones the
 * list's work ends.
 */
export const deadlineKeysOfList = {
  pickup: ['entry'],
  registry: ['registry', 'temp_plate'],
  release: ['release', 'temp_plate'],
  filed: ['drawback', 'archive', 'freight'],
} as const satisfies Record<string, readonly DeadlineKey[]>;

/** A row of the list: a vehicle's deadline, or (receipt rule) a contract's with `vehicle_id`/`vin` null and its balance. */
export const deadlineRowSchema = z.object({
  vehicle_id: z.number().nullable(),
  order_id: z.number().nullable(),
  vin: z.string().nullable(),
  order_no: z.string().nullable(),
  key: z.enum(DEADLINE_KEYS),
  label: z.string(),
  started_on: z.string(),
  due_on: z.string(),
  days_left: z.number(),
  /** Contract total − receipts, decimal string with two places; null for a vehicle's rule. */
  balance: z.string().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
});
export type DeadlineRow = z.infer<typeof deadlineRowSchema>;

/** The export's sheet and file name. */
export const DEADLINE_EXPORT_FILE_NAME = '到期提醒';

export const deadlineEndpoints = {
  rules: endpoint({ method: 'GET', path: '/api/deadline/rules', response: z.array(deadlineRuleSchema) }),
  saveRule: endpoint({
    method: 'PUT',
    path: '/api/deadline/rules/:key',
    params: deadlineRuleParams,
    body: deadlineRuleBody,
    response: deadlineRuleSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/deadline',
    query: deadlineListQuery,
    response: paged(deadlineRowSchema),
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/deadline/export',
    query: deadlineExportQuery,
    response: exportAnswerSchema,
  }),
};
