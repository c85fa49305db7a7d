import type { ExportFetchOptions } from '../platform/web-files';
import { http, type RequestOptions } from './http-client';

/**
 * An export's bytes through the renderer's one HTTP client: the bearer header, the API base, the 401/403
 * dialog and the server's Chinese reason all come with it. Handed to the browser bridge at boot
 * (app/boot-platform.ts): the bridge sits below the client and never imports it.
 */
export async function fetchExportBlob(path: string, options: ExportFetchOptions): Promise<Blob> {
  // `clientOptions` is how http-client's interceptors read a call's options: the button says 下载失败!.
  const config = {
    responseType: 'blob' as const,
    // A workbook of 10,000 contracts over a slow office line takes longer than 10 s: the bridge watches
    // for a stall instead.
    timeout: 0,
    signal: options.signal,
    onDownloadProgress: (event: { loaded: number; total?: number }) =>
      options.onProgress(event.loaded, event.total && event.total > 0 ? event.total : null),
    clientOptions: { silent: true } satisfies RequestOptions,
  };
  const response = await http.get<Blob>(path, config);
  return response.data;
}
