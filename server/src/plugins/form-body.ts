import type { FastifyInstance } from 'fastify';
import { BAD_REQUEST_MESSAGE } from './errors';
import { HttpError } from '../http-errors';

/**
 * `application/x-www-form-urlencoded` with qs-style nesting (`cars[0][vin]=…`, `contracts[]=…`), which
 * the spec's forms send (API.md, conventions). Values stay strings; the route's zod schema coerces
 * them. Keys that could reach an object's prototype are refused, and nesting and list length are
 * bounded so that a crafted body cannot blow up memory.
 */

const MAX_DEPTH = 5;
const MAX_INDEX = 5000;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type FormValue = string | FormValue[] | { [key: string]: FormValue };

const malformed = () => new HttpError(400, BAD_REQUEST_MESSAGE);

/** `cars[0][vin]` → ['cars', '0', 'vin']; `contracts[]` → ['contracts', '']. */
export const splitKey = (key: string): string[] => {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const segments = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^[\]]*)\]/g;
  let consumed = 0;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    if (match.index !== consumed) throw malformed();
    segments.push(match[1] ?? '');
    consumed = pattern.lastIndex;
  }
  if (consumed !== rest.length) throw malformed();
  return segments;
};

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);

const assign = (target: FormValue[] | Record<string, FormValue>, segments: string[], value: string): void => {
  const [head, ...tail] = segments as [string, ...string[]];
  if (FORBIDDEN_KEYS.has(head)) throw malformed();
  if (Array.isArray(target)) {
    const index = head === '' ? target.length : Number(head);
    if (!isIndex(head) || index > MAX_INDEX) throw malformed();
    if (tail.length === 0) {
      target[index] = value;
      return;
    }
    const next = target[index] ?? (isIndex(tail[0] ?? '') ? [] : {});
    if (typeof next === 'string') throw malformed();
    target[index] = next;
    assign(next, tail, value);
    return;
  }
  if (tail.length === 0) {
    target[head] = value;
    return;
  }
  const next = Object.hasOwn(target, head) ? target[head] : isIndex(tail[0] ?? '') ? [] : {};
  if (next === undefined || typeof next === 'string') throw malformed();
  target[head] = next;
  assign(next, tail, value);
};

/** Holes left by sparse indexes (`cars[5]` alone) are dropped: lists are read in order. */
const compact = (value: FormValue): FormValue => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compact(item)]));
};

export const parseForm = (body: string): Record<string, FormValue> => {
  const result: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const segments = splitKey(key);
    if (segments.length > MAX_DEPTH + 1) throw malformed();
    assign(result, segments, value);
  }
  return compact(result) as Record<string, FormValue>;
};

export const registerFormBody = (app: FastifyInstance) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseForm(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
};
