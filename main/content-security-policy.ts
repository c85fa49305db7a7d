/**
 * The renderer's Content-Security-Policy. `connect-src` names the one API base the renderer may call: the
 * embedded server (`http://127.0.0.1:<port>`) or the office server. antd writes its styles at run time,
 * hence `'unsafe-inline'` for styles only; scripts come from the app's own files.
 */
export function buildCsp(apiBase: string): string {
  const apiOrigin = originOf(apiBase);
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    'frame-src blob:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

/** Only an http(s) origin may enter the policy: a stray `;` or space would otherwise add directives. */
function originOf(apiBase: string): string | null {
  if (!apiBase) return null;
  try {
    const url = new URL(apiBase);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}
