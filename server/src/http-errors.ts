/**
 * Errors a service or route throws on purpose. The error handler (plugins/errors.ts) turns them into
 * the envelope with this status and Chinese message; anything else becomes a plain 500 (服务器错误).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = '登录已过期，请重新登录') => new HttpError(401, message);
export const forbidden = (message = '没有权限执行此操作') => new HttpError(403, message);
export const notFound = (message = '记录不存在') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
/** 422 with `data.errors = { field: [message] }`, the shape of a validation failure (API.md). */
export const unprocessable = (message: string, field?: string) =>
  new HttpError(422, message, { errors: field ? { [field]: [message] } : {} });
export const tooManyRequests = (message: string) => new HttpError(429, message);
