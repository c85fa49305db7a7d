import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/helpers/build-app';
import { bearer, createStaff, DEFAULT_PASSWORD, loggedInStaff, md5md5 } from '../../tests/helpers/factories';
import { caller, orderForm, receiptForm, uploadOverseasFiles } from '../../tests/helpers/overseas';
import type { CatalogRoute } from '../src/plugins/route-catalog';
import type { Pools } from './pools';
import { createDbDigest, type DbDigest, type Digest, digestChanges } from './db-digest';
import {
  buildRequest,
  harvestAccepted,
  harvestAnswer,
  isWellFormedId,
  type RequestSpec,
  requestArbitrary,
} from './requests';

/** Path parameters that are a record's text key, not an id (API.md: a deadline rule's key, a rate's month). */
const TEXT_KEYED_PARAMS = new Set(['key', 'month']);

/**
 * The standing fuzz (issue 6, point 8): every route of the catalog gets requests derived from its own
 * schema, with hostile values mixed in, and every answer must hold: no 5xx; the envelope
 * `{ code, message, data }` with `code` equal to the status (a 204 empty, a stored file a file); no
 * stack trace or SQL; a refused request (4xx) changes no row of any table; and a path id that is not
 * decimal digits from 1 to 2147483647 opens no record.
 *
 * Bounded and seeded: FUZZ_SEED replays a run (a failure prints the command), FUZZ_ROUTE narrows it to
 * one route (`FUZZ_ROUTE='PUT /api/order/:id'`), FUZZ_RUNS changes the runs per route. FUZZ_SURVEY=1
 * sends every request and lists every distinct failure with the answers' statuses per route, instead
 * of stopping at a route's first failure; FUZZ_DEBUG=1 prints every request and answer.
 */

const DEFAULT_SEED = 20261122;
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** HEAD shares its handler with GET; a few runs show it answers without a body and without a 5xx. */
const HEAD_RUNS = Math.max(3, Math.round(RUNS / 6));
const ONLY_ROUTE = process.env.FUZZ_ROUTE;
const SURVEY = process.env.FUZZ_SURVEY === '1';
/** FUZZ_DEBUG=1 prints every request and the start of its answer. */
const DEBUG = process.env.FUZZ_DEBUG === '1';
/**
 * The time the fuzz may take in all (about 15 s on SQLite, 20 s on PostgreSQL on the 2-core build
 * machine): a slower machine runs fewer requests per route instead of failing CI on time. Each route
 * gets a share of what is left (a few shares, so that a failing route can shrink), never more than
 * ten seconds; a route cut short is named in the summary.
 */
const TOTAL_BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 60_000);
const ROUTE_TIME_LIMIT_MS = 10_000;
/**
 * Shrinking a failure to its smallest request costs hundreds of requests; past this much time in all,
 * later failing routes are reported as found, unshrunk, so that a broken server still fails fast.
 */
const SHRINK_BUDGET_MS = 40_000;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const routeName = (route: CatalogRoute) => `${route.method} ${route.url}`;

/** Each route its own stream of requests, fixed by the run's seed and the route's name. */
const routeSeed = (route: CatalogRoute): number => {
  let hash = SEED | 0;
  for (const char of routeName(route)) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
};

/**
 * How to see a failure again. The whole run replays exactly (same seed, same requests, same order);
 * FUZZ_ROUTE is quicker, but the route then meets only the seeded rows, not those earlier routes made.
 */
const replayCommand = (route: CatalogRoute) => {
  const run = `FUZZ_SEED=${SEED} TEST_DB=${process.env.TEST_DB ?? 'sqlite'}`;
  const command = 'npx vitest run --project server server/fuzz';
  return `${run} ${command}\n  one route: ${run} FUZZ_ROUTE='${routeName(route)}' ${command}`;
};

/** Text that betrays the server's inside: a stack frame, SQL, a driver's or a file system's words. */
const LEAK =
  /\n\s+at\s|\bat\s+\S+\s+\(|node_modules|sqlite|postgres|syntax error|violates|constraint|duplicate key|relation "|column "|\bselect\b[\s\S]{0,80}\bfrom\b|\binsert\s+into\b|\bupdate\s+\S+\s+set\b|\/tmp\/|\/work\//i;

const isJsonAnswer = (response: LightMyRequestResponse) =>
  String(response.headers['content-type'] ?? '').startsWith('application/json');

/** What is wrong with an answer (empty when it holds). */
const answerProblems = (route: CatalogRoute, response: LightMyRequestResponse): string[] => {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  if (route.method === 'HEAD') return problems;
  if (status === 204) {
    if (response.body !== '') problems.push('a 204 with a body');
    return problems;
  }
  const isJson = isJsonAnswer(response);
  // A stored file is a file: only a wildcard (file-serving) route may answer something else than JSON.
  if (!isJson && status < 300 && route.url.includes('*')) return problems;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    problems.push(`the body is not JSON (${String(response.headers['content-type'])})`);
    return problems;
  }
  const envelope = body as { code?: unknown; message?: unknown; data?: unknown } | null;
  if (envelope === null || typeof envelope !== 'object' || Array.isArray(envelope)) {
    problems.push('the body is not an envelope object');
    return problems;
  }
  if (envelope.code !== status) problems.push(`code ${String(envelope.code)} differs from status ${status}`);
  if (typeof envelope.message !== 'string' || envelope.message.trim() === '') problems.push('no message');
  if (!('data' in envelope)) problems.push('no data');
  // Successful answers may carry text the fuzz itself stored; refusals and messages must not show inside.
  const inspected = status >= 400 ? response.body : String(envelope.message);
  const leak = LEAK.exec(inspected);
  if (leak) problems.push(`leaks "${leak[0]}"`);
  return problems;
};

describe('the standing fuzz over every route', () => {
  let t: TestApp;
  let token: string;
  let digest: DbDigest;
  let lastDigest: Digest;
  const pools: Pools = new Map();
  const covered = new Map<string, number>();
  const timing = { inject: 0, digest: 0 };
  /** Answers by status per route: the survey shows how deep the requests got. */
  const statuses = new Map<string, Record<number, number>>();

  /** A fresh clerk when the fuzz logged its own out, disabled or deleted it, or changed its password. */
  const keepSession = async () => {
    const check = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) });
    if (check.statusCode === 200) return;
    token = (await loggedInStaff(t.app)).token;
    lastDigest = await digest.take();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const clerk = await loggedInStaff(t.app, { username: 'fuzz_clerk', nickname: '模糊测试' });
    token = clerk.token;
    // Another account, so that the staff routes have someone else to edit, disable and delete.
    const other = await createStaff(t.app, { username: 'fuzz_other' });

    // Real rows through the API, so that requests naming them reach the handlers' deep code.
    const call = caller(t.app, token);
    const files = await uploadOverseasFiles(t.app, token);
    /** A request of the arrangement; `pattern` is its route's URL, under which its body is remembered. */
    const seeded = async (method: 'GET' | 'POST', url: string, payload?: object, pattern = url) => {
      const response = await call(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      harvestAnswer(pools, { url: pattern }, response.json());
      harvestAccepted(pools, { method, url: pattern }, payload);
      return response.json().data as { id: number };
    };
    const type = await seeded('POST', '/api/customerType', { name: '模糊测试客户' });
    await seeded('POST', '/api/customer', { name: 'Fuzz Trading LLC', type_id: type.id, country: '阿联酋' });
    const order = await seeded('POST', '/api/order', orderForm(files, { order_no: 'FUZZ-001', type_id: type.id }));
    await seeded('POST', `/api/order/${order.id}/receipt`, receiptForm(files), '/api/order/:id/receipt');
    await seeded('GET', `/api/order/${order.id}`, undefined, '/api/order/:id');
    for (const url of ['/api/customer/all', '/api/user', '/api/car/vinAlterLists']) await seeded('GET', url);
    harvestAnswer(pools, { url: '/api/upload' }, { data: Object.values(files).map((url) => ({ url })) });
    harvestAnswer(pools, { url: '/api/user' }, { data: { id: other.id, username: other.username } });
    pools.set('password', [md5md5(DEFAULT_PASSWORD)]);
    pools.set('username', ['fuzz_clerk', other.username]);

    digest = createDbDigest(t.db, t.dbKind, {
      // A refused login is counted by design (the login throttle of API.md's session rules), so the
      // throttle's tables may change on a 401 or 429 of POST /api/login; nothing else may.
      ignoreTables: ['login_throttle'],
      // Every authenticated call may mark its session as used.
      ignoreColumns: ['sessions.last_used_at'],
    });
    lastDigest = await digest.take();
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Sends one request and answers what is wrong with it (empty when every property holds). */
  const exercise = async (route: CatalogRoute, spec: RequestSpec): Promise<void> => {
    const request = buildRequest(route, spec, pools, token);
    covered.set(routeName(route), (covered.get(routeName(route)) ?? 0) + 1);
    const statusKey = routeName(route);
    const before = lastDigest;
    const sent = performance.now();
    const response = await t.app.inject(request.options);
    const answered = performance.now();
    lastDigest = await digest.take();
    timing.inject += answered - sent;
    timing.digest += performance.now() - answered;
    const problems = answerProblems(route, response);
    // `1e0`, `0x1`, `+1`, ` 1`, `1.0`, `01` or 2147483648 name no record: they must not open one. A path
    // keyed by text (a deadline rule's `:key`, a rate's `:month`) names its record by that text instead.
    const malformed = Object.entries(request.params).filter(
      ([name, value]) => name !== '*' && !TEXT_KEYED_PARAMS.has(name) && !isWellFormedId(value),
    );
    if (malformed.length > 0 && response.statusCode < 300) {
      problems.push(`the malformed id ${JSON.stringify(malformed[0]?.[1])} was answered ${response.statusCode}`);
    }
    if (DEBUG) console.info(`${response.statusCode} ${request.describe()}\n    -> ${response.body.slice(0, 300)}`);
    const histogram = statuses.get(statusKey) ?? {};
    histogram[response.statusCode] = (histogram[response.statusCode] ?? 0) + 1;
    statuses.set(statusKey, histogram);
    if (response.statusCode >= 400 && response.statusCode < 500) {
      for (const change of digestChanges(before, lastDigest)) problems.push(`refused, yet wrote ${change}`);
    }
    if (response.statusCode < 300 && response.body !== '' && isJsonAnswer(response)) {
      harvestAnswer(pools, route, JSON.parse(response.body));
    }
    if (response.statusCode < 300 && WRITES.has(route.method)) harvestAccepted(pools, route, request.body);
    if (spec.auth === 'token' && route.method !== 'GET' && route.method !== 'HEAD' && response.statusCode < 300) {
      await keepSession();
    }
    if (problems.length > 0) {
      const message =
        `${problems.join('; ')}\n  request: ${request.describe()}\n` +
        `  answer: ${response.statusCode} ${response.body.slice(0, 400)}`;
      const failure = new Error(message);
      // fast-check reports the error's stack; ours would only point at this line.
      failure.stack = message;
      throw failure;
    }
  };

  /**
   * FUZZ_SURVEY=1: every generated request is sent and every distinct failure listed (by route, status
   * and first problem), instead of stopping at a route's first failure and shrinking it.
   */
  const survey = async (route: CatalogRoute, seed: number): Promise<string[]> => {
    const found = new Map<string, { count: number; example: string }>();
    let specs: RequestSpec[];
    try {
      specs = fc.sample(requestArbitrary(route), { seed, numRuns: route.method === 'HEAD' ? HEAD_RUNS : RUNS });
    } catch (error) {
      return [`${routeName(route)}: no request could be built (${(error as Error).message})`];
    }
    for (const spec of specs) {
      try {
        await exercise(route, spec);
      } catch (error) {
        const message = (error as Error).message;
        const kind = `${message.split('\n')[0]} ${/answer: (\d+)/.exec(message)?.[1] ?? ''}`;
        const entry = found.get(kind) ?? { count: 0, example: message };
        entry.count += 1;
        found.set(kind, entry);
      }
    }
    return [...found.values()].map(({ count, example }) => `${routeName(route)} (${count}x)\n  ${example}`);
  };

  it('answers every request without a 5xx, in the envelope, and writes nothing when it refuses', async () => {
    const routes = t.app.routeCatalog.filter((route) => !ONLY_ROUTE || routeName(route) === ONLY_ROUTE);
    expect(routes.length, `no route named ${ONLY_ROUTE}`).toBeGreaterThan(0);
    const failures: string[] = [];
    const cutShort: string[] = [];
    const started = Date.now();
    for (const route of routes) {
      const seed = routeSeed(route);
      if (SURVEY) {
        failures.push(...(await survey(route, seed)));
        continue;
      }
      const elapsed = Date.now() - started;
      const share = (TOTAL_BUDGET_MS - elapsed) / (routes.length - routes.indexOf(route));
      const deadline = Date.now() + Math.min(ROUTE_TIME_LIMIT_MS, Math.max(500, 3 * share));
      let skipped = 0;
      let report: string | undefined;
      try {
        // Past the route's deadline a run sends nothing and passes. Not fast-check's own time limit: that
        // one abandons a request in flight, which would then run on into the next route's requests.
        const property = fc.asyncProperty(requestArbitrary(route), async (spec) => {
          if (Date.now() > deadline) skipped += 1;
          else await exercise(route, spec);
        });
        const details = await fc.check(property, {
          seed,
          numRuns: route.method === 'HEAD' ? HEAD_RUNS : RUNS,
          endOnFailure: elapsed > SHRINK_BUDGET_MS,
          includeErrorInReport: true,
        });
        if (skipped > 0 && !details.failed) cutShort.push(`${routeName(route)} (${skipped} runs skipped)`);
        if (details.failed) report = fc.defaultReportMessage(details);
      } catch (error) {
        // The request could not even be built (a schema part the fuzz cannot fill, say).
        report = String((error as Error).message);
      }
      if (report !== undefined) {
        failures.push(`${routeName(route)}\n  replay: ${replayCommand(route)}\n  ${report.replace(/\n/g, '\n  ')}`);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const requests = [...covered.values()].reduce((sum, count) => sum + count, 0);
    console.info(
      `fuzz: ${routes.length} routes, ${requests} requests, ${seconds} s ` +
        `(requests ${(timing.inject / 1000).toFixed(1)} s, digests ${(timing.digest / 1000).toFixed(1)} s), ` +
        `seed ${SEED} on ${t.dbKind}` +
        (cutShort.length > 0 ? `; cut short by the time budget: ${cutShort.join(', ')}` : ''),
    );
    if (SURVEY) {
      for (const [name, histogram] of statuses) console.info(`${name}: ${JSON.stringify(histogram)}`);
    }
    // Every route of the catalog was sent requests: a later endpoint cannot escape the fuzz.
    const missed = routes.filter((route) => !covered.has(routeName(route))).map(routeName);
    if (failures.length > 0) {
      throw new Error(`${failures.length} route(s) failed (seed ${SEED})\n\n${failures.join('\n\n')}`);
    }
    expect(missed, 'routes the fuzz could not send a request to').toEqual([]);
    // A fuzz whose session broke would meet only 401s and prove nothing (one request in eleven goes
    // without a token or with a forged one on purpose).
    const refusedForToken = [...statuses.values()].reduce((sum, histogram) => sum + (histogram[401] ?? 0), 0);
    expect(refusedForToken / requests, 'share of 401 answers').toBeLessThan(0.25);
  }, 240_000);
});
