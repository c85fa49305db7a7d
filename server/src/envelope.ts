import type { FastifyReply } from 'fastify';
import type { Envelope, Paged } from '../../contract/common';

/**
 * Every JSON answer is `{ code, message, data }` with `code` equal to the HTTP status (API.md). Route
 * handlers return `ok(…)` or `created(reply, …)`; deletes answer `noContent(reply)`. Errors get their
 * envelope from plugins/errors.ts.
 */

export const SUCCESS_MESSAGE = '操作成功';
export const CREATED_MESSAGE = '新建成功';

export const ok = <T>(data: T, message: string = SUCCESS_MESSAGE): Envelope<T> => ({ code: 200, message, data });

export const created = <T>(reply: FastifyReply, data: T, message: string = CREATED_MESSAGE): Envelope<T> => {
  reply.code(201);
  return { code: 201, message, data };
};

/** 204 with an empty body: the client shows its own "deleted" toast. */
export const noContent = (reply: FastifyReply): FastifyReply => reply.code(204).send();

/** A page of a list: the total both in `meta` and at the top, because the spec reads either. */
export const paged = <T>(data: T[], total: number, page: number, limit: number): Paged<T> => ({
  data,
  meta: { total, page, limit },
  total,
});
