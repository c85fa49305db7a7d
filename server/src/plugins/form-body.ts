import type { FastifyInstance } from 'fastify';
import type { EndpointSpec } from '../../../contract/endpoint';
import { exportsEndpoints } from '../../../contract/release-exports';
import { filedEndpoints } from '../../../contract/filed';
import { overseasEndpoints } from '../../../contract/overseas';
import { pickupEndpoints } from '../../../contract/pickup';
import { purchaseEndpoints } from '../../../contract/purchase';
import { registryEndpoints } from '../../../contract/registry';
import { releasePassEndpoints } from '../../../contract/release';
import { BAD_REQUEST_MESSAGE } from './errors';
import { HttpError } from '../http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Takes `application/x-www-form-urlencoded` bodies (set for the spec's form posts, below). */
    formBody?: boolean;
  }
}

/**
 * `application/x-www-form-urlencoded` with qs-style nesting (`cars[0][vin]=…`, `contracts[]=…`), which
 * the spec's forms send (API.md, conventions). Values stay strings; the route's zod schema coerces
 * them. Keys that could reach an object's prototype are refused, and nesting and list length are
 * bounded so that a crafted body cannot blow up memory.
 *
 * Only the spec's form posts take such a body (issue 13): every other route answers 415, so a plain HTML
 * form on any web page (a "simple" cross-origin request, sent without a CORS preflight) can reach no
 * JSON route, and the JSON routes' schemas never meet string-typed input they were not written for.
 */

/**
 * The spec's form posts: the overseas and purchase contract forms (spec part 1 section 5, part 2 section 7:
 * "form-encoded") and the car area's stage records and hand-overs, which the spec's old API posts as forms
 * (`entryAdd (POST form: …)`, `vin[]=…`, `purchase_id[]=…`).
 */
export const FORM_ENDPOINTS: readonly EndpointSpec[] = [
  overseasEndpoints.create,
  overseasEndpoints.update,
  purchaseEndpoints.create,
  purchaseEndpoints.update,
  pickupEndpoints.add,
  pickupEndpoints.edit,
  pickupEndpoints.handOver,
  registryEndpoints.plateAdd,
  registryEndpoints.plateEdit,
  registryEndpoints.transferAdd,
  registryEndpoints.transferEdit,
  registryEndpoints.handOver,
  releasePassEndpoints.add,
  releasePassEndpoints.edit,
  exportsEndpoints.add,
  exportsEndpoints.edit,
  exportsEndpoints.handOver,
  filedEndpoints.archiveAdd,
  filedEndpoints.archiveEdit,
  filedEndpoints.drawbackAdd,
  filedEndpoints.freightAdd,
  filedEndpoints.freightEdit,
];

export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = '不支持的请求内容类型';

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

const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * Registered before the routes: marks the form posts (`config.formBody`) as they are registered, and
 * fails the start if one of them was never registered (a renamed path would otherwise turn its form
 * posts into 415s unnoticed). A test may mark a route of its own with `config: { formBody: true }`.
 */
export const registerFormBody = (app: FastifyInstance) => {
  const formRoutes = new Set(FORM_ENDPOINTS.map((endpoint) => routeKey(endpoint.method, endpoint.path)));
  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = routeKey(method, route.url);
      if (!formRoutes.has(key)) continue;
      seen.add(key);
      route.config = { ...route.config, formBody: true };
    }
  });
  app.addHook('onReady', async () => {
    const missing = [...formRoutes].filter((key) => !seen.has(key));
    if (missing.length > 0) throw new Error(`form routes not registered: ${missing.join(', ')}`);
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    try {
      if (request.routeOptions.config.formBody === true) {
        done(null, parseForm(body as string));
        return;
      }
      // No body at all is not a form: a client library that labels every bodiless PUT as a form (axios
      // with `data: null`) still reaches the route, as it would without the header.
      if (body === '') {
        done(null, undefined);
        return;
      }
      done(new HttpError(415, UNSUPPORTED_MEDIA_TYPE_MESSAGE), undefined);
    } catch (error) {
      done(error as Error, undefined);
    }
  });
};
