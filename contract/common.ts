import { z } from 'zod';
import { blankToUndefined } from './fields';

/** Every answer body: `code` equals the HTTP status (API.md, conventions). */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** The validation error body's data: field name to its messages, first failing rule first. */
export interface ValidationErrorData {
  errors: Record<string, string[]>;
}

/** A 500 carries only the request id, never a stack trace or SQL. */
export interface ServerErrorData {
  request_id: string;
}

export interface PageMeta {
  total: number;
  page: number;
  limit: number;
}

/** Paged lists carry the total twice because the spec reads either `data.meta.total` or `data.total`. */
export interface Paged<T> {
  data: T[];
  meta: PageMeta;
  total: number;
}

/** The spec's only page size. */
export const PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 100;

/**
 * A whole number written in decimal digits only, without leading zeros: `1e0`, `0x1`, `+1`, ` 1`, `1.0`
 * and `01` are not ids or page numbers, however JavaScript would read them. JSON numbers pass through to the number rules.
 */
export const digitsToNumber = (value: unknown): unknown =>
  typeof value === 'string' && /^(0|[1-9][0-9]{0,9})$/.test(value) ? Number(value) : value;

/** Ids are PostgreSQL `integer`s: a larger number names no record and never reaches the database. */
export const MAX_ID = 2_147_483_647;

/** A record id in a path, a query or a body: 1 to 2147483647, decimal digits only. */
export const idField = (message: string) =>
  z.preprocess(digitsToNumber, z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message));

/**
 * A count typed by a clerk (the number of cars, say): decimal digits only, `required` when blank, `format`
 * for anything else that is not a whole number from `min` to `max` (0, 1.5, -2, 两, 1e2).
 */
export const wholeNumberField = (required: string, format: string, min: number, max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim();
      if (text === '') return undefined;
      return /^[0-9]{1,15}$/.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? required : format) })
      .int(format)
      .min(min, format)
      .max(max, format),
  );

const pageNumber = (message: string, max: number) =>
  z.preprocess(digitsToNumber, z.number({ error: message }).int(message).min(1, message).max(max, message));

export const pageQuery = z.object({
  page: pageNumber('页码格式不正确', MAX_ID).default(1),
  limit: pageNumber('每页条数格式不正确', MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Whether `YYYY-MM-DD` names a day of the calendar (2026-02-30 and 2026-13-45 do not). */
const isCalendarDay = (day: string): boolean => {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};

/**
 * A real calendar day `YYYY-MM-DD` from 1900 to 9999, used by list filters and date-only fields. Years
 * before 1900 name nothing in this business, and JavaScript's Date.UTC reads years below 100 as 19xx.
 */
export const dateOnly = z
  .string()
  .regex(/^(19|[2-9]\d)\d{2}-\d{2}-\d{2}$/, '日期格式不正确')
  .refine(isCalendarDay, '日期格式不正确');

export const RECORD_DAY_MIN = '2000-01-01';
export const RECORD_DAY_MAX = '2100-12-31';

/**
 * A day a record states (出口日期, 预约日期): a real calendar day from 2000-01-01 to 2100-12-31, refused
 * with the field's own message. A year such as 0202 or 9999 is a slip of the keyboard, not a day of this
 * business.
 */
export const recordDay = (message: string) =>
  z
    .string()
    // The shape stays a pattern (the API's schema and the fuzz read it); a bad one is told once (abort).
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message, abort: true })
    .refine((day) => isCalendarDay(day) && day >= RECORD_DAY_MIN && day <= RECORD_DAY_MAX, message);

/** Empty strings in query strings mean "no filter" (API.md: unknown or empty filters are ignored). */
export const optionalFilter = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

export const idParam = z.object({ id: idField('记录不存在') });

/** Messages the server and the client both show. */
export const messages = {
  notFound: '记录不存在',
  unauthorized: '登录已过期，请重新登录',
  forbidden: '没有权限执行此操作',
  serverError: '服务器错误',
  staleRecord: '该记录已被他人修改，请刷新后重试',
  tooManyRequests: '请求过于频繁，请稍后再试',
} as const;
