import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { EMBEDDED_SECRET_HEADER } from '../../../contract/embedded-lock';
import { type AppConfig, RENDERER_ORIGIN } from '../config';
import { registerEmbeddedLock } from './embedded-lock';
import { registerHostCheck } from './host-check';

/**
 * Security headers (helmet), the CORS allow-list, and `Cache-Control: no-store` on every answer that
 * does not set its own (helmet sets none). Registered before the auth hook so that a 401 or
 * 403 still carries these headers and the browser lets the renderer read it.
 */

/**
 * The renderer's policy when this server serves it (WEB_DIR): only its own scripts; antd writes its
 * styles at run time (inline `<style>`); pictures, PDF previews and downloads come from object URLs
 * (`blob:`); no plugins, no framing by others. No `upgrade-insecure-requests`: an office server may
 * speak plain HTTP on its LAN.
 */
export const RENDERER_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** An API-only server answers JSON and files: nothing in them may run or load anything. */
export const API_ONLY_CSP = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];

export const registerSecurity = async (app: FastifyInstance, config: AppConfig) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: config.webDir ? RENDERER_CSP : API_ONLY_CSP,
    },
    // The renderer loads nothing cross-origin that would need CORP opt-in; COEP would only break previews.
    crossOriginEmbedderPolicy: false,
  });
  // After helmet (their refusals carry the security headers), before CORS answers a preflight (so a
  // refusal has no CORS headers) and before the flood guard and the auth hook look at anything. The
  // embedded server's lock checks its exact Host; the office server accepts only its own names.
  if (config.embeddedSecret !== null) registerEmbeddedLock(app, config.embeddedSecret);
  else registerHostCheck(app, config);

  // The preflight route answers every path; it carries no credentials by design and no data.
  app.addHook('onRoute', (route) => {
    if (route.method === 'OPTIONS') route.config = { ...route.config, public: true };
  });
  const allowList = new Set([RENDERER_ORIGIN, ...config.corsOrigins]);
  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      // Only the listed origins: a page this server served itself is same-origin and needs no CORS
      // headers, and echoing "our own" origin back would trust whatever name the Host header claimed.
      const allowed = origin !== undefined && allowList.has(origin);
      callback(null, {
        origin: allowed ? origin : false,
        methods: ALLOWED_METHODS,
        // The embedded server also names main's secret header, in case Chromium ever counts a header that
        // webRequest adds as the page's own and asks a preflight for it.
        allowedHeaders: [
          'Authorization',
          'Content-Type',
          'X-Requested-With',
          ...(config.embeddedSecret !== null ? [EMBEDDED_SECRET_HEADER] : []),
        ],
        // Downloads read their file name from it.
        exposedHeaders: ['Content-Disposition'],
        // Bearer tokens, never cookies.
        credentials: false,
        maxAge: 600,
      });
    },
  });

  // Every answer is private unless its route set its own policy (the renderer's files do): whatever the
  // spelling of the path, business data never lands in a shared or disk cache.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
};
