import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../app-context';
import { unauthorized } from '../http-errors';
import { authenticate, type Authenticated, type AuthUser } from '../modules/auth/auth.service';

/**
 * Deny by default: every route needs a valid bearer token unless its own definition says
 * `config: { public: true }` (health, setup, login, the CORS preflight, the renderer's files). The
 * decision is taken from the route the router matched, never from the URL's text: the router decodes
 * `/%61pi/user` and reads absolute-form request lines, so a test on `request.url` can be walked around.
 * The hook sets `request.user` and `request.sessionId`.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
  }
  interface FastifyRequest {
    /** The logged-in user; set on every protected route (never read it on a public one). */
    user: AuthUser;
    /** The session of this request's token. */
    sessionId: number;
  }
}

/** The scheme's name in any case (`bearer`, `BEARER`): RFC 7235 makes auth-schemes case-insensitive. */
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i;

const bearerToken = (header: string | undefined): string | null => {
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
};

/** Marks every route registered from here on as public: for plugins whose routes serve no data of ours. */
export const markRoutesPublic = (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });
};

export const registerAuth = (app: FastifyInstance) => {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('sessionId', 0);
  app.addHook('onRequest', async (request) => {
    // No route matched: the not-found handler answers 404 (or the page's index.html), never data.
    if (request.is404) return;
    if (request.routeOptions.config.public === true) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const { user, sessionId } = await authenticate(app.ctx, token);
    request.user = user;
    request.sessionId = sessionId;
  });
};

/** Who is acting, for the audit log. */
export const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.user ? request.user.id : null,
  ip: request.ip,
  requestId: String(request.id),
});

/** The logged-in user and their session, for services that treat the caller's own account specially. */
export const authOf = (request: FastifyRequest): Authenticated => ({
  user: request.user,
  sessionId: request.sessionId,
});
