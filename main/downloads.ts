import { randomUUID } from 'node:crypto';
import { lstat, mkdir, open, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  desktopFileMessages,
  type DownloadArchiveRequest,
  type DownloadArchiveResult,
  type DownloadExportRequest,
  type DownloadExportResult,
  type DownloadProgress,
} from '../contract/desktop-api';
import { archiveSaveName, exportFileName } from '../contract/desktop-schemas';
import { writeMarkOfTheWeb } from './mark-of-the-web';

export const downloadMessages = {
  noServer: '下载失败：尚未连接服务器，请在连接设置中检查服务器',
  network: '下载失败：无法连接服务器，请检查网络',
  timeout: desktopFileMessages.timeout,
  badStatus: (status: number, reason?: string) =>
    reason ? `下载失败：${reason}（HTTP ${status}）` : `下载失败：服务器响应异常（HTTP ${status}）`,
  notExcel: desktopFileMessages.notExcel,
  tooLarge: '下载失败：文件过大',
  interrupted: '下载失败：连接中断，请重试',
  saveFailed: (reason: string) => `保存文件失败：${reason}`,
  noFreeName: '保存文件失败：同名文件过多，请清理下载文件夹',
  openRefused: '拒绝打开：只能打开本应用刚刚下载的导出文件',
  notZip: desktopFileMessages.notZip,
  showRefused: desktopFileMessages.showRefused,
} as const;

/** An .xlsx is a zip: anything else (an HTML error page, an envelope) is not saved as one. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const ENVELOPE_READ_LIMIT = 64 * 1024;
const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;
/** A finished contract's documents: 50 vehicles of 40 documents of up to 20 MB would be 40 GB; real ones are far less. */
const DEFAULT_ARCHIVE_MAX_BYTES = 16 * 1024 * 1024 * 1024;
const MAX_SAME_NAMES = 999;

export type ProgressSink = (progress: DownloadProgress) => void;

export interface Downloads {
  downloadExport(request: DownloadExportRequest, onProgress?: ProgressSink): Promise<DownloadExportResult>;
  /** Aborts a download in progress; unknown ids (already finished) are ignored. */
  cancel(downloadId: string): void;
  /**
   * `shell.openPath` for a file this app wrote in this run, and nothing else: answers openPath's error text
   * ('' when it opened). Any other path is refused.
   */
  openDownloaded(path: string): Promise<string>;
  /**
   * A finished contract's document zip, downloaded like an export (token, progress, never overwriting)
   * but not opened: the clerk may then show it in its folder.
   */
  downloadArchive(request: DownloadArchiveRequest, onProgress?: ProgressSink): Promise<DownloadArchiveResult>;
  /** `shell.showItemInFolder` for a file this app wrote in this run, and nothing else. */
  showInFolder(path: string): Promise<void>;
}

export interface DownloadsDeps {
  /** The API base now (`connection.apiBase()`). */
  apiBase: () => string;
  /** The session token main keeps. */
  token: () => Promise<string | null>;
  /** The remembered folder (`UiSettings.downloadFolder`); '' means the Downloads folder. */
  folder: () => string;
  /** Electron's `app.getPath('downloads')`. */
  defaultFolder: () => string;
  /** Electron's `shell.openPath`: '' on success, else why not. */
  openPath: (path: string) => Promise<string>;
  /** Electron's `shell.showItemInFolder`: the file manager with the file selected. */
  showItemInFolder: (path: string) => void;
  /** Headers for a request to `url` besides the token: the embedded server's secret (embedded-secret.ts). */
  extraHeaders?: (url: string) => Record<string, string>;
  /** Electron's `net.fetch` in the app (Chromium's stack: the system's certificates and proxy); Node's in tests. */
  fetch?: typeof fetch;
  /** The embedded server's origin now, or '': its files need no Mark-of-the-Web (mark-of-the-web.ts). */
  embeddedOrigin?: () => string;
  /** `process.platform` unless a test says otherwise: the mark is written on Windows only. */
  platform?: NodeJS.Platform;
  log?: { warn(...values: unknown[]): void };
  /** No byte for this long (waiting for the answer or in the middle of it): give up. */
  idleTimeoutMs?: number;
  /** Progress events at most this often (the last one always goes). */
  progressIntervalMs?: number;
  maxBytes?: number;
  archiveMaxBytes?: number;
}

/** What differs between an export and an archive: the extension, the refusal of anything else, the limit. */
interface FileKind {
  fileName: string;
  extension: string;
  wrongType: string;
  maxBytes: number;
}

class CancelledDownload extends Error {}

const isDirectory = async (path: string) => (await stat(path).catch(() => null))?.isDirectory() ?? false;

/** The remembered folder if it is still there (a USB stick may be gone), else Downloads. */
async function targetFolder(deps: DownloadsDeps): Promise<string> {
  const remembered = deps.folder();
  if (remembered && (await isDirectory(remembered))) return remembered;
  const folder = deps.defaultFolder();
  await mkdir(folder, { recursive: true });
  return folder;
}

/** Creates `name.xlsx`, else `name (1).xlsx`, … exclusively: an existing file is never overwritten. */
async function createUnique(
  folder: string,
  fileName: string,
  extension: string,
): Promise<{ path: string; handle: FileHandle }> {
  const base = fileName.slice(0, -extension.length);
  for (let n = 0; n <= MAX_SAME_NAMES; n += 1) {
    const path = join(folder, n === 0 ? fileName : `${base} (${n})${extension}`);
    try {
      return { path, handle: await open(path, 'wx') };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new Error(downloadMessages.saveFailed(describeDiskError(error)));
      }
    }
  }
  throw new Error(downloadMessages.noFreeName);
}

function describeDiskError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EACCES' || code === 'EPERM') return '没有写入该文件夹的权限，请在设置中更换保存位置';
  if (code === 'ENOSPC') return '磁盘空间不足';
  if (code === 'ENOENT') return '保存位置不存在';
  return '无法写入文件';
}

/** The server's own Chinese reason from an error envelope, when the body is one. */
function envelopeMessage(bytes: Uint8Array): string | undefined {
  try {
    const body = JSON.parse(new TextDecoder().decode(bytes)) as { message?: unknown };
    return typeof body?.message === 'string' && body.message ? body.message.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

async function readSome(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const joined = new Uint8Array(length);
  chunks.reduce((offset, chunk) => (joined.set(chunk, offset), offset + chunk.length), 0);
  return joined;
}

function startsWithZip(bytes: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** The declared size, unless the body is compressed on the way (then the count of bytes would not match). */
function declaredTotal(response: Response): number | null {
  const encoding = response.headers.get('content-encoding');
  if (encoding && encoding !== 'identity') return null;
  const length = Number(response.headers.get('content-length'));
  return Number.isSafeInteger(length) && length > 0 ? length : null;
}

/**
 * Export downloads in main: fetched from the current API base with the bearer token main keeps (the page
 * never handles the file), saved without overwriting, and opened in the spreadsheet program. Only the paths
 * written here, in this run, may ever be opened.
 */
export function createDownloads(deps: DownloadsDeps): Downloads {
  const doFetch = deps.fetch ?? fetch;
  const idleTimeoutMs = deps.idleTimeoutMs ?? 30_000;
  const progressIntervalMs = deps.progressIntervalMs ?? 100;
  const maxBytes = deps.maxBytes ?? DEFAULT_MAX_BYTES;
  const archiveMaxBytes = deps.archiveMaxBytes ?? DEFAULT_ARCHIVE_MAX_BYTES;
  const written = new Set<string>();
  const running = new Map<string, AbortController>();

  const openDownloaded = async (path: string): Promise<string> => {
    const full = resolve(path);
    if (!written.has(full)) throw new Error(downloadMessages.openRefused);
    // Still the plain file we wrote: a link put in its place would make openPath start something else.
    const info = await lstat(full).catch(() => null);
    if (!info?.isFile()) throw new Error(downloadMessages.openRefused);
    return deps.openPath(full);
  };

  const showInFolder = async (path: string): Promise<void> => {
    const full = resolve(path);
    if (!written.has(full)) throw new Error(downloadMessages.showRefused);
    const info = await lstat(full).catch(() => null);
    if (!info?.isFile()) throw new Error(downloadMessages.showRefused);
    deps.showItemInFolder(full);
  };

  /** Fetches the file with the token and saves it under a name no other file has; answers where. */
  async function download(
    request: { url: string },
    kind: FileKind,
    downloadId: string,
    controller: AbortController,
    onProgress: ProgressSink | undefined,
  ): Promise<string> {
    const base = deps.apiBase().replace(/\/+$/, '');
    if (!base) throw new Error(downloadMessages.noServer);
    const url = `${base}${request.url}`;
    const { fileName, maxBytes } = kind;

    let timedOut = false;
    let idleTimer: NodeJS.Timeout | undefined;
    const touch = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, idleTimeoutMs);
    };
    const failure = (error: unknown): Error => {
      if (timedOut) return new Error(downloadMessages.timeout);
      if (controller.signal.aborted) return new CancelledDownload();
      if (error instanceof Error && /^(下载|保存)/.test(error.message)) return error;
      return new Error(downloadMessages.interrupted);
    };

    let target: { path: string; handle: FileHandle } | undefined;
    let complete = false;
    try {
      touch();
      const token = await deps.token();
      let response: Response;
      try {
        response = await doFetch(url, {
          headers: {
            ...deps.extraHeaders?.(url),
            accept: '*/*',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          // The token goes to the API base only: a redirect anywhere else is not followed.
          redirect: 'error',
          signal: controller.signal,
        });
      } catch (error) {
        if (timedOut || controller.signal.aborted) throw failure(error);
        throw new Error(downloadMessages.network);
      }
      touch();
      if (response.status !== 200) {
        const reason = envelopeMessage(
          await readSome(response.body, ENVELOPE_READ_LIMIT).catch(() => new Uint8Array()),
        );
        throw new Error(downloadMessages.badStatus(response.status, reason));
      }
      const total = declaredTotal(response);
      if (total !== null && total > maxBytes) throw new Error(downloadMessages.tooLarge);
      const report = (received: number) =>
        onProgress?.({
          downloadId,
          url: request.url,
          received,
          total,
          percent: total ? Math.min(100, Math.floor((received / total) * 100)) : null,
        });
      report(0);

      const reader = response.body?.getReader();
      if (!reader) throw new Error(kind.wrongType);
      let received = 0;
      let lastReport = Date.now();
      let head = new Uint8Array();
      for (;;) {
        const { done, value } = await reader.read().catch((error: unknown) => {
          throw failure(error);
        });
        if (done) break;
        touch();
        received += value.length;
        if (received > maxBytes) throw new Error(downloadMessages.tooLarge);
        if (!target) {
          // Nothing is created on disk until the first bytes show a real workbook.
          const joined = new Uint8Array(head.length + value.length);
          joined.set(head);
          joined.set(value, head.length);
          head = joined;
          if (head.length < ZIP_MAGIC.length) continue;
          if (!startsWithZip(head)) throw new Error(kind.wrongType);
          target = await createUnique(await targetFolder(deps), fileName, kind.extension);
          await target.handle.write(head);
        } else {
          await target.handle.write(value);
        }
        if (Date.now() - lastReport >= progressIntervalMs) {
          lastReport = Date.now();
          report(received);
        }
      }
      if (!target) throw new Error(kind.wrongType);
      if (total !== null && received !== total) throw new Error(downloadMessages.interrupted);
      report(received);
      await target.handle.close();
      complete = true;
    } catch (error) {
      throw failure(error);
    } finally {
      clearTimeout(idleTimer);
      if (target && !complete) {
        // Half a workbook is worse than none: the partial file goes.
        await target.handle.close().catch(() => undefined);
        await unlink(target.path).catch(() => undefined);
      }
    }

    const savedTo = resolve(target.path);
    // Before anything opens it: Excel reads the mark when it opens the file.
    await writeMarkOfTheWeb(savedTo, {
      url,
      embeddedOrigin: deps.embeddedOrigin?.() ?? '',
      platform: deps.platform ?? process.platform,
    }).catch((error: unknown) => deps.log?.warn('download: could not mark the file as from the internet', error));
    written.add(savedTo);
    return savedTo;
  }

  /** One download under its id (a second with the same id stops the first); a cancel answers null. */
  async function tracked(
    request: { url: string; downloadId?: string },
    kind: FileKind,
    onProgress: ProgressSink | undefined,
  ): Promise<string | null> {
    const downloadId = request.downloadId ?? randomUUID();
    const controller = new AbortController();
    running.get(downloadId)?.abort();
    running.set(downloadId, controller);
    try {
      return await download(request, kind, downloadId, controller, onProgress);
    } catch (error) {
      if (error instanceof CancelledDownload) return null;
      throw error;
    } finally {
      if (running.get(downloadId) === controller) running.delete(downloadId);
    }
  }

  return {
    async downloadExport(request, onProgress) {
      const kind = {
        fileName: exportFileName(request.suggestedName),
        extension: '.xlsx',
        wrongType: downloadMessages.notExcel,
        maxBytes,
      };
      const savedTo = await tracked(request, kind, onProgress);
      if (savedTo === null) return { cancelled: true };
      const openError = await openDownloaded(savedTo).catch((error: unknown) =>
        error instanceof Error ? error.message : String(error),
      );
      return openError ? { savedTo, opened: false, openError } : { savedTo, opened: true };
    },
    async downloadArchive(request, onProgress) {
      const kind = {
        fileName: archiveSaveName(request.suggestedName),
        extension: '.zip',
        wrongType: downloadMessages.notZip,
        maxBytes: archiveMaxBytes,
      };
      const savedTo = await tracked(request, kind, onProgress);
      return savedTo === null ? { cancelled: true } : { savedTo };
    },
    showInFolder,
    cancel(downloadId) {
      running.get(downloadId)?.abort();
    },
    openDownloaded,
  };
}
