import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../http-errors';

/**
 * Refuses a NUL character anywhere in a request's path parameters, query or body, before validation
 * and long before the database: PostgreSQL rejects it in text (a 500 before this guard) and SQLite
 * silently cuts the text at it. One guard for every route, present and future, rather than a rule in
 * each schema. A NUL on no field (a body that is only a string) is named by the key `""`, as a
 * whole-body validation error is.
 */

export const NUL_MESSAGE = '内容包含无效字符';

/** The dotted path of the first string (value or key) that holds a NUL, or null. */
export const findNul = (value: unknown, path: string[] = [], depth = 0): string | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  // Bodies are bounded by the body limit; the depth bound only keeps a pathological nesting cheap.
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.');
    const found = findNul(child, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
};

export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    // A path that names no record with a NUL in it is an unknown record, like any malformed id.
    if (findNul(request.params) !== null) throw notFound();
    for (const part of [request.query, request.body]) {
      const field = findNul(part);
      if (field !== null) throw new HttpError(422, NUL_MESSAGE, { errors: { [field]: [NUL_MESSAGE] } });
    }
  });
};
