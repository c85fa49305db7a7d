import { writeFile } from 'node:fs/promises';

/**
 * Windows' Mark-of-the-Web: a `Zone.Identifier` stream beside a downloaded file that says it came from
 * the internet zone, so Excel opens it in Protected View and Explorer passes the mark on to what is
 * unpacked from a zip. A file fetched over plain HTTP from an office server could have been changed by
 * anyone on the LAN on its way (a macro, a link to a share), so it carries the mark; one fetched over
 * HTTPS, or from the embedded server on this PC (loopback: nothing on the wire), opens as before.
 */

export interface MarkOfTheWebInput {
  /** The full URL the file was fetched from. */
  url: string;
  /** The embedded server's origin now (`http://127.0.0.1:<port>`), or '' when it does not run. */
  embeddedOrigin: string;
  /** `process.platform`: only Windows knows the stream; elsewhere a `file:Zone.Identifier` would be a stray file. */
  platform: NodeJS.Platform;
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The stream's content for a file from `url`, or null when it gets none. Edge writes the same fields. */
export function markOfTheWebFor({ url, embeddedOrigin, platform }: MarkOfTheWebInput): string | null {
  if (platform !== 'win32') return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:') return null;
  if (parsed.origin === originOf(embeddedOrigin)) return null;
  // ZoneId 3 is the internet zone: the one Office opens in Protected View.
  return `[ZoneTransfer]\r\nZoneId=3\r\nReferrerUrl=${parsed.origin}\r\nHostUrl=${parsed.href}\r\n`;
}

/** The alternate data stream's path on NTFS: `<file>:Zone.Identifier`. */
export const zoneIdentifierPath = (filePath: string): string => `${filePath}:Zone.Identifier`;

/**
 * Writes the mark when the file needs one; answers whether it did. A volume without streams (a FAT32
 * USB stick) refuses it: the file is still saved, and the failure is logged by the caller.
 */
export async function writeMarkOfTheWeb(filePath: string, input: MarkOfTheWebInput): Promise<boolean> {
  const content = markOfTheWebFor(input);
  if (content === null) return false;
  await writeFile(zoneIdentifierPath(filePath), content, 'utf8');
  return true;
}
