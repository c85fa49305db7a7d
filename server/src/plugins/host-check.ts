import { hostname, networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { HttpError } from '../http-errors';

/**
 * The office server answers only to its own names (issue 20, point 8). A DNS-rebinding page points a
 * name of its own at the server's address and is then same-origin with it: the browser sends the
 * page's requests (and any clerk's network position) there, and no CORS rule stops a same-origin page.
 * Only the Host header tells: the browser always sends the name the page used. So a request whose
 * Host names anything but this server is refused with 421 (Misdirected Request), before CORS, the
 * flood guard or the auth hook see it, and so without CORS headers.
 *
 * Allowed: ALLOWED_HOSTS when set, otherwise HOST when it is one address, the machine's name and the
 * addresses of its network interfaces (read again at most once every few seconds when a Host misses,
 * so a server whose DHCP address changes keeps answering). Loopback names are always allowed: a
 * rebinding page never sends them (its Host is its own name). The port is ignored: the socket already
 * chose it, and a proxy may forward a different one.
 *
 * The embedded server does not register this: its lock (embedded-lock.ts) accepts only its exact
 * `127.0.0.1:<port>`.
 */

export const MISDIRECTED_MESSAGE = '访问地址不正确：请使用服务器的名称或 IP 地址访问';

const LOOPBACK = ['localhost', '127.0.0.1', '::1'];

/** Wildcard listen addresses name no host a client could use. */
const WILDCARDS = new Set(['', '0.0.0.0', '::', '::0']);

const REFRESH_MS = 5_000;

/**
 * The name part of a Host header, lower case: `[::1]:8787` → `::1`, `Office-PC.:8787` → `office-pc`.
 * Null for a header a browser never sends (empty, a bracket without its end).
 */
export const hostNameOf = (header: string | undefined): string | null => {
  if (header === undefined) return null;
  const host = header.trim().toLowerCase();
  let name: string;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end === -1) return null;
    name = host.slice(1, end);
  } else {
    const colon = host.indexOf(':');
    // One colon is a port; several without brackets can only be a bare IPv6 address.
    name = colon !== -1 && colon === host.lastIndexOf(':') ? host.slice(0, colon) : host;
  }
  name = name.replace(/\.$/, '');
  return name === '' ? null : name;
};

/** The machine's own names and addresses as the operating system reports them now. */
const machineNames = (): string[] => {
  const names = [hostname().toLowerCase()];
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) names.push(address.address.toLowerCase());
  }
  return names;
};

export const defaultAllowedHosts = (listenHost: string): string[] => {
  const host = listenHost.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return [...LOOPBACK, ...(WILDCARDS.has(host) ? [] : [host]), ...machineNames()];
};

export const registerHostCheck = (app: FastifyInstance, config: Pick<AppConfig, 'allowedHosts' | 'host'>) => {
  const configured = config.allowedHosts;
  let allowed = new Set(configured ? [...LOOPBACK, ...configured] : defaultAllowedHosts(config.host));
  let readAt = Date.now();

  const isAllowed = (name: string): boolean => {
    if (allowed.has(name)) return true;
    // A configured list is fixed; the machine's addresses may have changed since they were read.
    if (configured || Date.now() - readAt < REFRESH_MS) return false;
    allowed = new Set(defaultAllowedHosts(config.host));
    readAt = Date.now();
    return allowed.has(name);
  };

  app.addHook('onRequest', async (request) => {
    // The raw header, never `request.host`: with TRUST_PROXY that would be X-Forwarded-Host, which any
    // script may set.
    const name = hostNameOf(request.headers.host);
    if (name === null || !isAllowed(name)) throw new HttpError(421, MISDIRECTED_MESSAGE);
  });
};
