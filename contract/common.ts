import { z } from 'zod';

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

export const pageQuery = z.object({
  page: z.coerce.number({ error: '页码格式不正确' }).int('页码格式不正确').min(1, '页码格式不正确').default(1),
  limit: z.coerce
    .number({ error: '每页条数格式不正确' })
    .int('每页条数格式不正确')
    .min(1, '每页条数格式不正确')
    .max(MAX_PAGE_SIZE, '每页条数格式不正确')
    .default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** `YYYY-MM-DD`, used by list filters and date-only fields. */
export const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确');

/** Empty strings in query strings mean "no filter" (API.md: unknown or empty filters are ignored). */
export const optionalFilter = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

export const idParam = z.object({
  id: z.coerce.number({ error: '记录不存在' }).int('记录不存在').positive('记录不存在'),
});

/** Messages the server and the client both show. */
export const messages = {
  notFound: '记录不存在',
  unauthorized: '登录已过期，请重新登录',
  forbidden: '没有权限执行此操作',
  serverError: '服务器错误',
  staleRecord: '该记录已被他人修改，请刷新后重试',
  tooManyRequests: '请求过于频繁，请稍后再试',
} as const;
