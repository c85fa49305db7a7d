import { http, ApiError, type RequestOptions } from './http-client';

/**
 * Stored files are fetched through the HTTP client, with the bearer header, and shown from object URLs;
 * no token ever sits in a URL (API.md, files). Only the server's own `/storage/…` paths are fetched:
 * a stored value pointing anywhere else (an old record's full URL, a `..` trick) would carry the token
 * to a stranger, so it is refused before any request.
 */
export const STORAGE_PREFIX = '/storage/';

export const fileBlobMessages = {
  badPath: '文件地址不正确',
} as const;

export function isStoragePath(path: string): boolean {
  if (!path.startsWith(STORAGE_PREFIX)) return false;
  const segments = path.slice(STORAGE_PREFIX.length).split(/[/\\]/);
  return segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..') && !/[?#]/.test(path);
}

/** The last part of a stored path: what a link says when the file's own name is unknown. */
export const storedFileName = (path: string): string => path.slice(path.lastIndexOf('/') + 1) || path;

/**
 * The bytes of a stored file. No time-out (a 20 MB scan over a slow office line takes longer than the
 * 10 s of ordinary calls) but cancellable; `silent` by default because the widget that asked shows the
 * failure where the file would have been.
 */
export async function fetchFileBlob(
  path: string,
  options: Pick<RequestOptions, 'signal' | 'silent'> = {},
): Promise<Blob> {
  if (!isStoragePath(path)) throw new ApiError(fileBlobMessages.badPath, 0, null, 'http');
  // `clientOptions` is how http-client's interceptors read a call's options (silent toasts).
  const config = {
    responseType: 'blob' as const,
    timeout: 0,
    signal: options.signal,
    clientOptions: { silent: options.silent ?? true } satisfies RequestOptions,
  };
  const response = await http.get<Blob>(path, config);
  return response.data;
}
