import { appHost, appScheme } from './app-protocol';

/**
 * Is this URL one of our own pages: `app://renderer/…`, or the vite dev server while developing. Used by
 * the IPC sender check, the navigation lock and the permission handler alike.
 */
export function isAppUrl(url: string | undefined | null, devServerUrl?: string): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // Node gives custom schemes an opaque origin ("null"), so compare scheme and host instead.
  if (parsed.protocol === `${appScheme}:` && parsed.host === appHost) return true;
  if (!devServerUrl) return false;
  try {
    return parsed.origin === new URL(devServerUrl).origin;
  } catch {
    return false;
  }
}
