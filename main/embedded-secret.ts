import { randomBytes } from 'node:crypto';
import type { OnBeforeSendHeadersListenerDetails, BeforeSendResponse, WebRequestFilter } from 'electron';
import { EMBEDDED_SECRET_HEADER } from '../contract/embedded-lock';

/**
 * The embedded server answers only this app (issue 13; server/src/plugins/embedded-lock.ts). main makes
 * a random secret at each launch, hands it to the server in its environment (embedded-server.ts: never
 * on the command line, which other users' processes can read, and never on disk), and adds it to the
 * requests for the embedded server's origin only:
 *   - the page's, through the session's `webRequest.onBeforeSendHeaders`, filtered to exactly
 *     `http://127.0.0.1:<port>/*`, so an office server (or any other site) never sees it, and the page's
 *     script never holds it (headers added here are not visible to it);
 *   - main's own (export downloads, the connection test), through `headersFor`.
 */

/** 32 random bytes, in base64url (43 characters). */
export const newEmbeddedSecret = (): string => randomBytes(32).toString('base64url');

type Listener = (details: OnBeforeSendHeadersListenerDetails, callback: (response: BeforeSendResponse) => void) => void;

/** The part of Electron's `session.webRequest` used here. */
export interface WebRequestLike {
  onBeforeSendHeaders(filter: WebRequestFilter, listener: Listener | null): void;
  onBeforeSendHeaders(listener: Listener | null): void;
}

export interface EmbeddedSecretHeader {
  /**
   * The embedded server now listens at `url` (`http://127.0.0.1:<port>`), or no longer listens (`''`):
   * the session adds the header for that origin only, or for none.
   */
  serverAt(url: string): void;
  /** The header for main's own request to `url`: the secret when it goes to the embedded server, else none. */
  headersFor(url: string): Record<string, string>;
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export function createEmbeddedSecretHeader(webRequest: WebRequestLike, secret: string): EmbeddedSecretHeader {
  let origin: string | null = null;

  /** The filter already holds requests to the origin; checked again here, as a page could name it oddly. */
  const addSecret: Listener = (details, callback) => {
    const requestHeaders = { ...details.requestHeaders };
    // Whatever the page may have sent under this name is never passed on.
    for (const name of Object.keys(requestHeaders)) {
      if (name.toLowerCase() === EMBEDDED_SECRET_HEADER) delete requestHeaders[name];
    }
    if (origin !== null && originOf(details.url) === origin) requestHeaders[EMBEDDED_SECRET_HEADER] = secret;
    callback({ requestHeaders });
  };

  return {
    serverAt(url) {
      const next = url ? originOf(url) : null;
      if (next === origin) return;
      origin = next;
      // One listener per session and event: a new one replaces the old, `null` removes it.
      if (origin === null) webRequest.onBeforeSendHeaders(null);
      else webRequest.onBeforeSendHeaders({ urls: [`${origin}/*`] }, addSecret);
    },
    headersFor(url) {
      const headers: Record<string, string> = {};
      if (origin !== null && originOf(url) === origin) headers[EMBEDDED_SECRET_HEADER] = secret;
      return headers;
    },
  };
}
