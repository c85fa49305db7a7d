import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { RENDERER_ORIGIN } from '../src/config';
import type { CatalogRoute } from '../src/plugins/route-catalog';
import { partArbitrary, schemaArbitrary } from './arbitraries';
import { PoolPick, type Pools, RawSegment, resolvePicks } from './pools';
import { HOSTILE_STORAGE_PATHS, hostileValue, LOOSE_IDS, RAW_SEGMENTS } from './hostile';

/**
 * A route of the catalog turned into an arbitrary request: path parameters, query and body from the
 * route's own schema parts (or generic junk where it has none), an encoding (JSON, qs-style form,
 * multipart, broken), and who sends it (the fuzz's clerk, nobody, a forged token).
 */

export type Encoding = 'json' | 'form' | 'multipart' | 'text' | 'broken-json' | 'empty-json';
export type Auth = 'token' | 'none' | 'forged';

export interface RequestSpec {
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
  encoding: Encoding;
  auth: Auth;
  /** The sender's address, 10.77.0.n: login failures of the fuzz never throttle the test's own logins. */
  address: number;
  /** A browser's Origin (with a preflight's method): none, a stranger, or the renderer's own. */
  origin: 'none' | 'stranger' | 'renderer';
}

const SCHEMA_PARTS = new Set(['body', 'querystring', 'params']);
/** Parts of a Fastify schema that describe no input (the answer, documentation flags). */
const NON_INPUT_PARTS = new Set(['response', 'hide', 'summary', 'description', 'tags', 'security', 'operationId']);

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `:name` parameters and the wildcard of a route's URL. */
const paramNames = (url: string): string[] => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');

/** Junk for a part the route has no schema for: generic objects with hostile values and plausible keys. */
const junkObject: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.dictionary(
    fc.constantFrom('id', 'name', 'dir', 'file', 'page', 'limit', 'vin', 'start_time', 'end_time', '__proto__', 'x'),
    // Plausible words too (an upload slot's name, a file name), so that junk sometimes gets through.
    fc.oneof(hostileValue, fc.string({ maxLength: 8 }), fc.constantFrom('contract', 'agreement', 'image', 'document')),
    { maxKeys: 4 },
  ),
  hostileValue,
);

/** The resource a route serves: `order` for `/api/order/:id/receipt`, `car` for `/api/car/detach/:id`. */
export const resourceOf = (url: string): string => {
  const segments = url.split('/').filter((segment) => segment !== '' && !segment.startsWith(':'));
  return (segments[0] === 'api' ? segments[1] : segments[0]) ?? '';
};

/** A path parameter: mostly an id of the route's resource the server handed out, else a hostile spelling. */
const paramArbitrary = (route: CatalogRoute, schemaValue: fc.Arbitrary<unknown> | undefined): fc.Arbitrary<unknown> => {
  const resource = resourceOf(route.url);
  const known = fc
    .tuple(fc.nat(), fc.integer({ min: 1, max: 5 }))
    .map(([pick, n]) => new PoolPick([`id:${resource}`, `id:${resource}s`], pick, new PoolPick(['id'], pick, n)));
  return fc.oneof(
    { arbitrary: known, weight: 3 },
    { arbitrary: schemaValue ?? known, weight: 2 },
    { arbitrary: fc.constantFrom(...LOOSE_IDS), weight: 2 },
    { arbitrary: hostileValue, weight: 1 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((text) => new RawSegment(text)), weight: 1 },
  );
};

/** The rest of a wildcard route's path: a stored file, or a path that is not one. */
const wildcardArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.nat().map((pick) => new PoolPick(['file'], pick, 'contract/2026/11/none.pdf')), weight: 3 },
  { arbitrary: fc.constantFrom(...HOSTILE_STORAGE_PATHS).map((text) => new RawSegment(text)), weight: 2 },
  { arbitrary: hostileValue, weight: 1 },
);

const schemaPart = (route: CatalogRoute, part: string): unknown =>
  (route.schema as Record<string, unknown> | undefined)?.[part];

/**
 * The request arbitrary of a route. Throws when the route has a schema part the fuzz does not know how
 * to fill (a `headers` schema, say): such a route would otherwise escape the fuzz silently.
 */
export const requestArbitrary = (route: CatalogRoute): fc.Arbitrary<RequestSpec> => {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  for (const part of Object.keys(schema)) {
    if (!SCHEMA_PARTS.has(part) && !NON_INPUT_PARTS.has(part))
      throw new Error(`schema part "${part}" has no generator`);
  }
  const mutated = (part: string): fc.Arbitrary<unknown> => {
    const zod = schemaPart(route, part);
    if (zod === undefined) return junkObject;
    return partArbitrary(zod, part === 'body' ? acceptedBodyPools(route) : []);
  };

  const paramsSchema = schemaPart(route, 'params');
  const names = paramNames(route.url);
  const paramModel: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) {
    const fromSchema = paramsSchema
      ? schemaArbitrary(paramsSchema).map((value) => (value as Record<string, unknown> | undefined)?.[name])
      : undefined;
    paramModel[name] = paramArbitrary(route, fromSchema);
  }
  if (route.url.includes('*')) paramModel['*'] = wildcardArbitrary;

  const write = WRITE_METHODS.has(route.method);
  const hasBodySchema = schemaPart(route, 'body') !== undefined;
  const encodings: fc.WeightedArbitrary<Encoding>[] = write
    ? [
        { arbitrary: fc.constant('json'), weight: 8 },
        { arbitrary: fc.constant('form'), weight: 3 },
        { arbitrary: fc.constant('multipart'), weight: hasBodySchema ? 0 : 6 },
        { arbitrary: fc.constantFrom('text', 'broken-json', 'empty-json'), weight: 1 },
      ].filter((choice) => choice.weight > 0)
    : [{ arbitrary: fc.constant('json'), weight: 1 }];

  return fc.record({
    params: fc.record(paramModel),
    query: mutated('querystring'),
    body: write ? mutated('body') : fc.constant(undefined),
    encoding: fc.oneof(...encodings),
    auth: route.isPublic
      ? fc.constant('none' as const)
      : fc.oneof(
          { arbitrary: fc.constant('token' as const), weight: 10 },
          { arbitrary: fc.constantFrom('none' as const, 'forged' as const), weight: 1 },
        ),
    address: fc.nat(200),
    origin: fc.constantFrom('none' as const, 'stranger' as const, 'renderer' as const),
  });
};

/** An id as API.md allows it in a path: decimal digits, 1 to 2147483647, nothing around them. */
export const isWellFormedId = (value: unknown): boolean => {
  if (value instanceof RawSegment) return false;
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2147483647;
};

/** The pool of bodies the server accepted on a route (harvested by the test). */
export const acceptedBodyPool = (route: Pick<CatalogRoute, 'method' | 'url'>) => `body:${route.method} ${route.url}`;

/**
 * Bodies to start from: those accepted on the route itself, and for an update (`PUT /api/order/:id`)
 * those accepted by the create of the same collection (`POST /api/order`).
 */
const acceptedBodyPools = (route: CatalogRoute): string[] => {
  const pools = [acceptedBodyPool(route)];
  const collection = route.url.replace(/\/:[A-Za-z0-9_]+$/, '');
  if (route.method === 'PUT' && collection !== route.url)
    pools.push(acceptedBodyPool({ method: 'POST', url: collection }));
  return pools;
};

/** Percent-encodes every byte outside the unreserved set (lone surrogates become U+FFFD, as in UTF-8). */
export const percentEncode = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

const asText = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const segment = (value: unknown): string => (value instanceof RawSegment ? value.text : percentEncode(asText(value)));

/** The wildcard's rest of path: a stored `/storage/…` path loses the route's prefix; segments stay apart. */
const wildcardPath = (value: unknown, prefix: string): string => {
  if (value instanceof RawSegment) return value.text;
  const text = asText(value);
  const rest = text.startsWith(prefix) ? text.slice(prefix.length) : text;
  return rest.split('/').map(percentEncode).join('/');
};

/** `a=1&b[0]=x&c[d]=y`: qs-style pairs of a value, as the spec's forms send them. */
export const formPairs = (value: unknown, prefix = ''): [string, string][] => {
  if (Array.isArray(value)) return value.flatMap((item, index) => formPairs(item, `${prefix}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => formPairs(item, prefix ? `${prefix}[${key}]` : key));
  }
  if (value === undefined) return [];
  return [[prefix, asText(value)]];
};

const encodePairs = (pairs: [string, string][]) =>
  pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&');

/** Query strings: repeated keys for lists (what Fastify's parser reads back as a list), brackets for objects. */
const queryString = (query: unknown): string => {
  if (query === undefined) return '';
  if (query === null || typeof query !== 'object') return `?${percentEncode(asText(query))}`;
  const pairs: [string, string][] = [];
  const entries = Array.isArray(query)
    ? query.map((item, index) => [String(index), item] as const)
    : Object.entries(query);
  for (const [key, value] of entries) {
    if (Array.isArray(value)) for (const item of value) pairs.push([key, asText(item)]);
    else if (value !== null && typeof value === 'object') pairs.push(...formPairs(value, key));
    else if (value !== undefined) pairs.push([key, asText(value)]);
  }
  return pairs.length > 0 ? `?${encodePairs(pairs)}` : '';
};

/** A multipart form from any value: each top-level field a part; objects and lists as file parts. */
const multipart = (body: unknown): { payload: Buffer; contentType: string } => {
  const boundary = `----fuzz-${randomBytes(6).toString('hex')}`;
  const entries = body !== null && typeof body === 'object' ? Object.entries(body) : [['file', body] as const];
  const parts: Buffer[] = [];
  for (const [name, value] of entries) {
    const isFile = name === 'file' || typeof value === 'object';
    const disposition = isFile
      ? `form-data; name="${name}"; filename="${asText(value).slice(0, 40).replace(/"/g, '')}.pdf"`
      : `form-data; name="${name}"`;
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`),
      Buffer.from(isFile ? 'Content-Type: application/octet-stream\r\n\r\n' : '\r\n'),
      Buffer.from(isFile ? `%PDF-1.4\n${asText(value)}` : asText(value)),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};

export interface BuiltRequest {
  options: InjectOptions & { method: string; url: string };
  /** The body as sent, picks resolved (before encoding). */
  body: unknown;
  /** The path parameters as sent, picks resolved (`*` is the wildcard's rest). */
  params: Record<string, unknown>;
  /** The request in one line, for a failure report. */
  describe(): string;
}

/** The inject options of a spec, picks resolved against the pools. */
export const buildRequest = (route: CatalogRoute, spec: RequestSpec, pools: Pools, token: string): BuiltRequest => {
  const params = resolvePicks(spec.params, pools) as Record<string, unknown>;
  let path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => segment(params[name]));
  // `*` alone (the CORS preflight) stands for any path; `/storage/*` for the rest of one.
  if (path === '*') path = `/${wildcardPath(params['*'], '/')}`;
  else if (path.includes('*')) {
    path = path.replace('*', wildcardPath(params['*'], route.url.slice(0, route.url.indexOf('*'))));
  }
  const query = resolvePicks(spec.query, pools);
  const url = `${path}${queryString(query)}`;

  const headers: Record<string, string> = {};
  if (spec.auth === 'token') headers.authorization = `Bearer ${token}`;
  if (spec.auth === 'forged') headers.authorization = `Bearer ${'A'.repeat(43)}`;
  if (spec.origin !== 'none') {
    headers.origin = spec.origin === 'renderer' ? RENDERER_ORIGIN : 'http://evil.example';
    headers['access-control-request-method'] = route.method === 'OPTIONS' ? 'DELETE' : route.method;
  }

  const body = resolvePicks(spec.body, pools);
  let payload: string | Buffer | undefined;
  if (body !== undefined || spec.encoding === 'empty-json') {
    switch (spec.encoding) {
      case 'json':
        payload = JSON.stringify(body) ?? 'null';
        headers['content-type'] = 'application/json';
        break;
      case 'form':
        payload = encodePairs(formPairs(body));
        headers['content-type'] = 'application/x-www-form-urlencoded';
        break;
      case 'multipart': {
        const form = multipart(body);
        payload = form.payload;
        headers['content-type'] = form.contentType;
        break;
      }
      case 'text':
        payload = asText(body);
        headers['content-type'] = 'text/plain';
        break;
      case 'broken-json':
        payload = `{"a":${asText(body).slice(0, 20)}`;
        headers['content-type'] = 'application/json';
        break;
      case 'empty-json':
        payload = '';
        headers['content-type'] = 'application/json';
        break;
    }
  }

  const options = {
    method: route.method,
    url,
    headers,
    remoteAddress: `10.77.0.${spec.address}`,
    ...(payload === undefined ? {} : { payload }),
  } as BuiltRequest['options'];
  return {
    options,
    body,
    params,
    describe: () => {
      const shown = typeof payload === 'string' ? payload : payload ? `<${payload.length} bytes multipart>` : '';
      const text = JSON.stringify(shown.length > 600 ? `${shown.slice(0, 600)}…(${shown.length} chars)` : shown);
      const shownUrl = url.length > 600 ? `${url.slice(0, 600)}…(${url.length} chars)` : url;
      return `${route.method} ${shownUrl} [${spec.encoding}, auth ${spec.auth}] body ${text}`;
    },
  };
};

const POOL_SIZE = 40;
/** The first values of a pool (the seeded rows) stay; later ones take turns. */
const POOL_PINNED = 10;

const remember = (pools: Pools, pool: string, value: unknown) => {
  const list = pools.get(pool) ?? [];
  const text = JSON.stringify(value);
  if (list.some((known) => JSON.stringify(known) === text)) return;
  list.push(value);
  if (list.length > POOL_SIZE) list.splice(POOL_PINNED, 1);
  pools.set(pool, list);
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isIdKey = (key: string) => key === 'id' || /_id$|Id$/.test(key);

/** Scalars by field name, and the ids of nested records by the key they sit under (`cars`, `receipts`). */
const harvestTree = (pools: Pools, value: unknown, key: string, depth: number): void => {
  if (depth > 6) return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 20)) harvestTree(pools, item, key, depth + 1);
    return;
  }
  if (isRecord(value)) {
    if (key && typeof value.id === 'number') remember(pools, `id:${key}`, value.id);
    for (const [name, item] of Object.entries(value)) harvestTree(pools, item, name, depth + 1);
    return;
  }
  if (!key || (typeof value !== 'string' && typeof value !== 'number')) return;
  if (typeof value === 'string' && value.startsWith('/storage/')) remember(pools, 'file', value);
  else if (typeof value === 'number' && isIdKey(key)) remember(pools, 'id', value);
  else remember(pools, /^vin/i.test(key) ? 'vin' : key, value);
};

/**
 * Keeps what an answer of `route` handed out: the ids of the records it returned (under the route's
 * resource, `id:order`), and every scalar by field name (ids, `updated_at`, VINs, stored paths…), so that
 * later requests name records that exist and send the version they read.
 */
export const harvestAnswer = (pools: Pools, route: Pick<CatalogRoute, 'url'>, body: unknown): void => {
  const data = isRecord(body) ? body.data : undefined;
  const records = Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.data) ? data.data : [data];
  for (const record of records) {
    if (isRecord(record) && typeof record.id === 'number') remember(pools, `id:${resourceOf(route.url)}`, record.id);
  }
  harvestTree(pools, body, '', 0);
};

/** Keeps a body the server accepted on a route, to start later requests of the route (or its update) from. */
export const harvestAccepted = (pools: Pools, route: Pick<CatalogRoute, 'method' | 'url'>, body: unknown): void => {
  if (body === undefined) return;
  const name = acceptedBodyPool(route);
  pools.set(name, [...(pools.get(name) ?? []).slice(-9), body]);
};
