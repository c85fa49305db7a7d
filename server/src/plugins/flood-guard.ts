import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../contract/common';
import { tooManyRequests } from '../http-errors';

/**
 * A per-process flood guard for the office server (issue 13): one client address may send
 * `rateLimitPerMinute` requests a minute (600 by default, ten a second sustained, far above what a clerk's
 * screens send), after which it gets 429 `请求过于频繁，请稍后再试` with `Retry-After` until the minute ends.
 * It bounds what one runaway script or misbehaving PC on the LAN can make this process do; it is not the
 * login throttle, which stays in the database so that every server instance counts the same guesses
 * (docs/decisions.md, issue 6). Counts live in this process's memory (a bounded LRU), so behind a load
 * balancer each instance guards itself.
 *
 * - Loopback clients are not counted: they are this machine (a reverse proxy without TRUST_PROXY, the
 *   administrator's tools, the benches and test suites); behind a proxy named in TRUST_PROXY the address is
 *   the real client's, which is counted.
 * - An app-level onRequest hook registered before the auth hook, so a flood is refused before any token is
 *   looked up, and unmatched paths (404) count too.
 * - The embedded server never registers it: its one client is the clerk (and the embedded lock already
 *   refuses everyone else).
 */

const isLoopback = (address: string) =>
  address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.');

export const registerFloodGuard = async (app: FastifyInstance, perMinute: number) => {
  await app.register(rateLimit, {
    // Not per route: one hook below, placed before authentication.
    global: false,
    max: perMinute,
    timeWindow: 60_000,
    allowList: (request: FastifyRequest) => isLoopback(request.ip),
    errorResponseBuilder: () => tooManyRequests(messages.tooManyRequests),
  });
  app.addHook('onRequest', app.rateLimit());
};
