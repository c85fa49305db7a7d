import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The renderer is served from `app://renderer/…`, a privileged custom scheme (standard + secure), rather
 * than `file://`: routes work as in a browser and the server's CORS allow-list names one origin.
 */
export const appScheme = 'app';
export const appHost = 'renderer';
export const appOrigin = `${appScheme}://${appHost}`;
export const appEntryUrl = `${appOrigin}/index.html`;

/** What `protocol.registerSchemesAsPrivileged` needs; call it before the app is ready. */
export const appSchemePrivileges = {
  scheme: appScheme,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const;

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface AppProtocolOptions {
  /** The built renderer (`renderer-dist`). */
  rootDir: string;
  /** The policy to send now: it names the current API base, which changes with the connection. */
  csp: () => string;
}

export type AppRequest = Pick<Request, 'url' | 'method'>;

/**
 * Answers `app://renderer/<path>` from `rootDir`. A path with no extension that matches no file is a client
 * route and gets `index.html`; anything that would resolve outside `rootDir` is refused. Every answer,
 * errors included, carries the CSP.
 */
export function createAppProtocolHandler(options: AppProtocolOptions): (request: AppRequest) => Promise<Response> {
  const root = resolve(options.rootDir);

  const answer = (status: number, body: BodyInit | null, contentType: string, extra: Record<string, string> = {}) =>
    new Response(body, {
      status,
      headers: {
        'Content-Type': contentType,
        'Content-Security-Policy': options.csp(),
        'X-Content-Type-Options': 'nosniff',
        ...extra,
      },
    });
  const refuse = (status: number, text: string) => answer(status, text, 'text/plain; charset=utf-8');

  const serveFile = async (file: string, method: string) => {
    const body = method === 'HEAD' ? null : new Uint8Array(await readFile(file));
    const type = mimeTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
    // index.html names the hashed bundles of the current build: never keep an old copy.
    const cache: Record<string, string> = extname(file) === '.html' ? { 'Cache-Control': 'no-cache' } : {};
    return answer(200, body, type, cache);
  };

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, '不支持的请求方法');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return refuse(400, '地址格式不正确');
    }
    if (url.protocol !== `${appScheme}:` || url.host !== appHost) return refuse(404, '页面不存在');

    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return refuse(400, '地址格式不正确');
    }
    // Backslashes and NUL never belong in a URL path; on Windows a backslash would be a separator.
    if (path.includes('\0') || path.includes('\\')) return refuse(403, '禁止访问');

    const file = resolve(root, `.${path}`);
    const inside = relative(root, file);
    if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
      return refuse(403, '禁止访问');
    }

    const found = await stat(file).catch(() => null);
    if (found?.isFile()) return serveFile(file, request.method);
    // No extension: a client-side route such as /overseas/info/12, answered by the single-page app.
    if (extname(path) === '' || found?.isDirectory()) return serveFile(resolve(root, 'index.html'), request.method);
    return refuse(404, '文件不存在');
  };
}
