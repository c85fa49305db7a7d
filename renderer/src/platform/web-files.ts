import {
  desktopFileMessages,
  openFileMaxBytes,
  type DesktopApi,
  type DownloadArchiveResult,
  type DownloadExportResult,
  type DownloadProgress,
  type DownloadProgressListener,
  type OpenedFile,
} from '../../../contract/desktop-api';
import {
  archiveSaveName,
  downloadArchiveRequestSchema,
  downloadExportRequestSchema,
  exportFileName,
  openFileOptionsSchema,
} from '../../../contract/desktop-schemas';

export const webFileMessages = {
  folderInBrowser: '浏览器版本的保存位置由浏览器决定，请在浏览器的下载设置中更改',
  failed: (reason: string) => (reason.startsWith('下载') ? reason : `下载失败：${reason}`),
} as const;

/** How long a download's object URL lives: long enough for the browser to start saving it. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export interface ExportFetchOptions {
  onProgress: (loaded: number, total: number | null) => void;
  signal: AbortSignal;
}

export type ExportFetcher = (path: string, options: ExportFetchOptions) => Promise<Blob>;

/**
 * The renderer's HTTP client fetches exports (token, API base, the 401/403 dialog), but it depends on
 * this bridge through the session store, so the bridge cannot import it: the app hands it over at boot.
 */
let providedFetchExport: ExportFetcher | undefined;

export const provideExportFetcher = (fetcher: ExportFetcher): void => {
  providedFetchExport = fetcher;
};

export interface WebFilesOptions {
  /** Fetches an export's bytes; the renderer's HTTP client by default. */
  fetchExport?: ExportFetcher;
  /** No byte for this long: give up with 下载超时. */
  idleTimeoutMs?: number;
}

const defaultFetchExport: ExportFetcher = (path, options) =>
  providedFetchExport
    ? providedFetchExport(path, options)
    : Promise.reject(new Error('下载尚未就绪，请刷新页面后重试'));

const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? '请求参数不正确';

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The file the clerk picks in a hidden `<input type=file>`, or null when they close the picker. */
function pickFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.style.display = 'none';
    const finish = (file: File | null) => {
      input.remove();
      resolve(file);
    };
    input.addEventListener('change', () => finish(input.files?.[0] ?? null), { once: true });
    // Chromium tells a closed picker with `cancel` on the input.
    input.addEventListener('cancel', () => finish(null), { once: true });
    document.body.append(input);
    input.click();
  });
}

function saveThroughBrowser(blob: Blob, name: string): void {
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

/** An .xlsx and a contract's document zip both start as a zip does. */
async function isZip(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, ZIP_MAGIC.length).arrayBuffer());
  return ZIP_MAGIC.every((byte, index) => head[index] === byte);
}

const randomId = () => `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The browser flavour of `desktop.files`: a file input in, an ordinary download out. */
export function createWebFiles(options: WebFilesOptions = {}): DesktopApi['files'] {
  const fetchExport = options.fetchExport ?? defaultFetchExport;
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const listeners = new Set<DownloadProgressListener>();
  const running = new Map<string, AbortController>();

  const emit = (progress: DownloadProgress) => {
    for (const listener of listeners) listener(progress);
  };

  return {
    async openFile(raw): Promise<OpenedFile | null> {
      const parsed = openFileOptionsSchema.safeParse(raw);
      if (!parsed.success) throw new Error(firstIssue(parsed.error));
      const { filters, tooLargeMessage } = parsed.data;
      const maxBytes = Math.min(parsed.data.maxBytes ?? openFileMaxBytes, openFileMaxBytes);
      const extensions = new Set(filters.flatMap((filter) => filter.extensions));
      const file = await pickFile([...extensions].map((extension) => `.${extension}`).join(','));
      if (!file) return null;
      // `accept` is a hint: "all files" is one click away in every picker.
      if (!extensions.has(extensionOf(file.name))) throw new Error(desktopFileMessages.wrongType);
      if (file.size > maxBytes) throw new Error(tooLargeMessage ?? desktopFileMessages.tooLarge(maxBytes));
      const bytes = new Uint8Array(await file.arrayBuffer());
      return { name: file.name, bytes, size: bytes.length };
    },

    async downloadExport(raw): Promise<DownloadExportResult> {
      const parsed = downloadExportRequestSchema.safeParse(raw);
      if (!parsed.success) throw new Error(firstIssue(parsed.error));
      const name = exportFileName(parsed.data.suggestedName);
      const saved = await download(parsed.data, desktopFileMessages.notExcel);
      if (!saved) return { cancelled: true };
      saveThroughBrowser(saved, name);
      return { savedTo: name, opened: false };
    },

    async downloadArchive(raw): Promise<DownloadArchiveResult> {
      const parsed = downloadArchiveRequestSchema.safeParse(raw);
      if (!parsed.success) throw new Error(firstIssue(parsed.error));
      const name = archiveSaveName(parsed.data.suggestedName);
      const saved = await download(parsed.data, desktopFileMessages.notZip);
      if (!saved) return { cancelled: true };
      saveThroughBrowser(saved, name);
      return { savedTo: name };
    },

    async showInFolder() {
      throw new Error(desktopFileMessages.showInBrowser);
    },

    async cancelDownload(downloadId) {
      running.get(downloadId)?.abort();
    },

    async chooseDownloadFolder() {
      throw new Error(webFileMessages.folderInBrowser);
    },

    onDownloadProgress(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };

  /** The file's bytes with progress and the stall watch; null when cancelled. */
  async function download(
    request: { url: string; downloadId?: string | undefined },
    wrongType: string,
  ): Promise<Blob | null> {
    const { url } = request;
    const downloadId = request.downloadId ?? randomId();
    const controller = new AbortController();
    running.get(downloadId)?.abort();
    running.set(downloadId, controller);

    let timedOut = false;
    let idleTimer: number | undefined;
    const touch = () => {
      window.clearTimeout(idleTimer);
      idleTimer = window.setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, idleTimeoutMs);
    };
    const report = (received: number, total: number | null) =>
      emit({
        downloadId,
        url,
        received,
        total,
        percent: total ? Math.min(100, Math.floor((received / total) * 100)) : null,
      });

    try {
      touch();
      report(0, null);
      const blob = await fetchExport(url, {
        signal: controller.signal,
        onProgress: (loaded, total) => {
          touch();
          report(loaded, total);
        },
      });
      if (!(await isZip(blob))) throw new Error(wrongType);
      return blob;
    } catch (error) {
      if (timedOut) throw new Error(desktopFileMessages.timeout);
      if (controller.signal.aborted) return null;
      throw new Error(webFileMessages.failed(error instanceof Error ? error.message : String(error)));
    } finally {
      window.clearTimeout(idleTimer);
      if (running.get(downloadId) === controller) running.delete(downloadId);
    }
  }
}
