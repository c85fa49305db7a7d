import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../app-context';
import { unauthorized } from '../http-errors';
import { authenticate, type Authenticated, type AuthUser } from '../modules/session/session.service';
import { isApiPath, pathOf } from './errors';

/**
 * Secure by default: every /api and /storage route needs a valid bearer token unless its route config
 * says `{ public: true }` (health, setup, login). The hook sets `request.user` and `request.sessionId`.
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

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/;

const bearerToken = (header: string | undefined): string | null => {
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
};

export const registerAuth = (app: FastifyInstance) => {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('sessionId', 0);
  app.addHook('onRequest', async (request) => {
    // Preflights carry no credentials by design; unknown paths answer 404 either way.
    if (request.method === 'OPTIONS' || request.is404) return;
    if (!isApiPath(pathOf(request.url)) || request.routeOptions.config.public === true) return;
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
