import { http, type RequestOptions } from '../api/http-client';

export interface ExportFetchOptions {
  onProgress: (loaded: number, total: number | null) => void;
  signal: AbortSignal;
}

/**
 * An export's bytes through the renderer's one HTTP client: the bearer header, the API base, the 401/403
 * dialog and the server's Chinese reason all come with it. Loaded on first use by the web bridge only, so
 * that the bridge (which the client itself depends on) does not import the client at start.
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
