import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { EMBEDDED_SECRET_HEADER } from '../../../contract/embedded-lock';
import { HttpError } from '../http-errors';

/**
 * The embedded server answers only its own app (issue 13). Without this, any process on the PC (another
 * Windows user's, too) and any web page through a DNS-rebinding name could call the clerk's database on
 * 127.0.0.1. When the desktop app starts the server it hands it a random secret (config
 * `embeddedSecret`), and main adds that secret as a header to the embedded server's requests only. Here,
 * before anything else looks at a request (no token lookup, no body read), a request is refused unless
 *   - its Host is exactly this server's `127.0.0.1:<port>`: a page that reached us through a name of its
 *     own (rebinding) sends that name, and
 *   - it carries the secret (compared in constant time).
 * Both refusals are the same bare 403, so a prober learns nothing about which check failed.
 *
 * A CORS preflight (OPTIONS) needs the right Host but not the secret: it carries no credentials by
 * design and our preflight route answers no data, while refusing it would make every API call of the
 * app depend on whether Chromium hands preflights to `webRequest` (Electron says it does; this machine
 * cannot run Electron to prove it).
 *
 * The office server (no secret) never registers this hook.
 */

export const EMBEDDED_REFUSAL_MESSAGE = '拒绝访问';

/** SHA-256 first: `timingSafeEqual` needs equal lengths, and the digest hides the secret's length too. */
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export const registerEmbeddedLock = (app: FastifyInstance, secret: string) => {
  const expected = digest(secret);
  // Known once the server listens (the embedded one asks for any free port); until then nothing passes.
  let ownHost: string | null = null;
  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | null;
    ownHost = address ? `127.0.0.1:${address.port}` : null;
  });

  const hasSecret = (header: string | string[] | undefined): boolean =>
    typeof header === 'string' && timingSafeEqual(digest(header), expected);

  app.addHook('onRequest', async (request) => {
    const hostMatches = ownHost !== null && request.headers.host === ownHost;
    if (!hostMatches) throw new HttpError(403, EMBEDDED_REFUSAL_MESSAGE);
    if (request.method === 'OPTIONS') return;
    if (!hasSecret(request.headers[EMBEDDED_SECRET_HEADER])) throw new HttpError(403, EMBEDDED_REFUSAL_MESSAGE);
  });
};
