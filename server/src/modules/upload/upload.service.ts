import {
  fileExtension,
  uploadMessages,
  uploadSlots,
  type UploadAnswer,
  type UploadDir,
} from '../../../../contract/upload';
import { withoutInvisibles } from '../../../../contract/file-names';
import type { Db } from '../../db/database';
import { payloadTooLarge, unprocessable } from '../../http-errors';
import type { ResolvedFile, StagedFile, Storage, StoredFile } from '../../platform/storage/storage';
import { nowIso } from '../../time';
import { contentMatchesExtension } from './file-content';
import { officeArchiveProblem } from './office-archive';
import { findUploadedFileByUrl, insertUploadedFile } from './upload.repository';

/** What the multipart form delivered, in whatever order its parts came. */
export interface ReceivedUpload {
  dir: string | undefined;
  file: { fileName: string; staged: StagedFile; truncated: boolean } | undefined;
}

export interface AcceptedUpload extends UploadAnswer {
  dir: UploadDir;
  ext: string;
  stored: StoredFile;
}

const MAX_NAME_LENGTH = 200;
/** Control characters, and the ones Windows forbids in names (the name may become a download's). */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f<>:"|?*]/g;

export const isUploadDir = (dir: string | undefined): dir is UploadDir =>
  dir !== undefined && Object.hasOwn(uploadSlots, dir);

/**
 * The client's file name as shown back to clerks: its last path segment only, without control
 * characters nor the invisible direction-changing and zero-width ones (`报关单<U+202E>fdp.jpg` would show as
 * 报关单gpj.pdf on every screen and in 清单.xlsx), at most 200 characters (the extension kept). It never
 * becomes part of a path.
 */
export const sanitizeFileName = (raw: string): string => {
  const base = withoutInvisibles(raw).split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSAFE_NAME_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  if (clean === '.' || clean === '..') return '';
  if (clean.length <= MAX_NAME_LENGTH) return clean;
  const ext = fileExtension(clean);
  const keep = ext ? `.${ext}` : '';
  return clean.slice(0, MAX_NAME_LENGTH - keep.length) + keep;
};

/**
 * Applies the slot's rules to a received upload, in the order a clerk can act on: the file and slot
 * first, then the type (by extension), the size, and the content. Keeps the file only when all pass;
 * the caller discards the staged file in every case.
 */
export const acceptUpload = async (storage: Storage, received: ReceivedUpload): Promise<AcceptedUpload> => {
  const { dir, file } = received;
  if (!file) throw unprocessable(uploadMessages.missingFile, 'file');
  if (!isUploadDir(dir)) throw unprocessable(uploadMessages.unknownDir, 'dir');
  const slot = uploadSlots[dir];

  const name = sanitizeFileName(file.fileName);
  const ext = fileExtension(name);
  if (!ext || !slot.extensions.includes(ext)) throw unprocessable(slot.typeMessage, 'file');

  const { staged } = file;
  if (file.truncated || staged.exceeded || staged.size > slot.maxBytes) throw payloadTooLarge(slot.sizeMessage);
  if (!(await contentMatchesExtension(staged, ext))) throw unprocessable(uploadMessages.contentMismatch, 'file');
  const archiveProblem = await officeArchiveProblem(staged, ext);
  if (archiveProblem) throw unprocessable(archiveProblem, 'file');

  const stored = await staged.commit(dir, ext);
  return { url: stored.url, name, size: stored.size, dir, ext, stored };
};

/**
 * Accepts an upload (see `acceptUpload`) and records it in `uploaded_files`. If the row cannot be
 * written the stored file goes too, so that no file exists that nobody can trace.
 */
export const saveUpload = async (
  db: Db,
  storage: Storage,
  received: ReceivedUpload,
  uploadedBy: number | null,
): Promise<UploadAnswer> => {
  const accepted = await acceptUpload(storage, received);
  try {
    await insertUploadedFile(db, {
      url: accepted.url,
      dir: accepted.dir,
      original_name: accepted.name,
      size: accepted.size,
      mime: contentTypeOf(accepted.ext),
      uploaded_by: uploadedBy,
      created_at: nowIso(),
    });
  } catch (error) {
    await storage.remove(accepted.stored.key);
    throw error;
  }
  return { url: accepted.url, name: accepted.name, size: accepted.size };
};

export interface DownloadableFile extends ResolvedFile {
  /** The name the download offers: the uploader's original name where one was recorded. */
  downloadName: string;
}

/** The stored file behind a `/storage/…` path, or null when there is none inside the storage folder. */
export const findStoredFile = async (db: Db, storage: Storage, url: string): Promise<DownloadableFile | null> => {
  const file = await storage.resolve(url);
  if (!file) return null;
  const record = await findUploadedFileByUrl(db, url);
  // Cleaned again: a name stored before uploads removed invisible characters still shows its real extension.
  return { ...file, downloadName: withoutInvisibles(record?.original_name ?? '') || file.name };
};

/** Content types the storage serves, by extension; anything else is an opaque download. */
const contentTypes: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  txt: 'text/plain; charset=utf-8',
};

/** Shown in place (pictures in the preview dialog, PDF in Chromium's viewer); the rest is downloaded. */
const INLINE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'pdf']);

/** RFC 5987 `filename*` plus a plain ASCII `filename` for old clients. */
const dispositionFileName = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

const contentTypeOf = (ext: string) => contentTypes[ext] ?? 'application/octet-stream';

/**
 * Headers of a stored file's answer: the type (from the stored name, which the server chose), never
 * sniffed, never cached, shown in place only for pictures and PDF.
 */
export const downloadHeaders = (file: DownloadableFile): Record<string, string> => {
  const ext = fileExtension(file.name);
  const disposition = INLINE_EXTENSIONS.has(ext) ? 'inline' : 'attachment';
  return {
    'content-type': contentTypeOf(ext),
    'content-length': String(file.size),
    'content-disposition': `${disposition}; ${dispositionFileName(file.downloadName)}`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
};
