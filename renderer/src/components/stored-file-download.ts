import { fetchFileBlob } from '../api/file-blob';

/** How long a download's object URL lives: long enough for the browser to start saving it. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/**
 * Saves a stored file under its name through a short-lived object URL: the bytes come with the bearer
 * header, so no token ever sits in a link. Failures toast (http-client).
 */
export async function downloadStoredFile(path: string, name: string): Promise<void> {
  const blob = await fetchFileBlob(path, { silent: false });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
