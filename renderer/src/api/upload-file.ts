import { type UploadAnswer, type UploadDir, uploadEndpoints } from '../../../contract/upload';
import { call } from './call';

/**
 * Sends one file to an upload slot (`POST /api/upload`, multipart `file` and `dir`). Uploads have no
 * time-out: they show progress instead (API.md). Silent: UploadSlot says success and failure in the
 * spec's words itself; a 401/403 still opens the client's session dialog.
 */
export async function uploadFile(
  file: File,
  dir: UploadDir,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  const body = new FormData();
  body.append('dir', dir);
  body.append('file', file, file.name);
  return call(
    uploadEndpoints.upload,
    { body },
    {
      silent: true,
      timeout: 0,
      signal,
      onUploadProgress: (event) => {
        if (!onProgress) return;
        const total = event.total ?? file.size;
        if (total > 0) onProgress(Math.min(100, Math.round((event.loaded * 100) / total)));
      },
    },
  );
}
