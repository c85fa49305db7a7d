/**
 * Upload slots of API.md. The server enforces them by extension and by content; the renderer's
 * UploadSlot checks the same table first so a clerk hears the spec's message before any upload.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';

export type UploadDir = 'contract' | 'purchase' | 'agreement' | 'image' | 'document';

export interface UploadSlotRule {
  extensions: readonly string[];
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

const MB = 1024 * 1024;

export const uploadSlots: Record<UploadDir, UploadSlotRule> = {
  contract: {
    extensions: ['doc', 'docx', 'xls', 'pdf', 'jpg', 'png', 'jpeg'],
    maxBytes: 3 * MB,
    typeMessage: '文件类型错误!',
    sizeMessage: '上传文件大小不能超过 3MB!',
  },
  // Purchase contract files (spec part 2, section 5): a supplier's contract may come zipped or as text.
  purchase: {
    extensions: ['rar', 'zip', 'doc', 'docx', 'xls', 'txt', 'pdf', 'jpg', 'png', 'jpeg'],
    maxBytes: 3 * MB,
    typeMessage: '文件类型错误!',
    sizeMessage: '上传文件大小不能超过 3MB!',
  },
  agreement: {
    extensions: ['rar', 'zip', 'doc', 'docx', 'xls', 'txt', 'pdf', 'jpg', 'png', 'jpeg'],
    maxBytes: 3 * MB,
    typeMessage: '文件类型错误!',
    sizeMessage: '上传文件大小不能超过 3MB!',
  },
  // Photo slots; proofs and bank slips may also be PDF scans (API.md).
  image: {
    extensions: ['jpg', 'png', 'jpeg', 'pdf'],
    maxBytes: 3 * MB,
    typeMessage: '文件类型错误!',
    sizeMessage: '上传文件大小不能超过 3MB!',
  },
  document: {
    extensions: ['docx', 'xlsx', 'pdf', 'jpg', 'png', 'jpeg'],
    maxBytes: 20 * MB,
    typeMessage: '文件类型错误, 请检查后重新上传!',
    sizeMessage: '上传文件大小不能超过20MB, 请检查后重新上传!',
  },
};

/** The largest body the upload route accepts at all. */
export const UPLOAD_MAX_BYTES = 20 * MB;

export const uploadMessages = {
  contentMismatch: '文件内容与文件类型不符',
  // A .docx/.xlsx is a zip: the server unpacks it (counting, keeping nothing) before accepting it (issue 20).
  archiveTooLarge: '文件解压后超过 100MB，内容异常（可能是压缩炸弹），请检查后重新上传',
  archiveRatio: '文件中有部件解压后膨胀超过 100 倍，内容异常（可能是压缩炸弹），请检查后重新上传',
  archiveTooManyParts: '文件中的部件过多（超过 10000 个），内容异常，请检查后重新上传',
  archiveBroken: '文件已损坏，无法解压读取，请检查后重新上传',
  missingFile: '请选择要上传的文件',
  unknownDir: '上传位置不正确',
  tooMany: (limit: number) => `当前限制选择 ${limit} 个文件，请检查后重新尝试`,
  onlyOne: '只能上传一份文件!',
  failedTitle: '文件上传失败',
  failedFallback: '文件上传失败，请重新上传',
  networkError: '上传错误',
  success: '文件上传成功',
  deleteConfirm: '此操作将永久删除该文件, 是否继续?',
} as const;

export const uploadAnswerSchema = z.object({ url: z.string(), name: z.string(), size: z.number() });
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

/** Extensions shown as pictures everywhere (spec part 1, section 9). */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'jpeg'] as const;

export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

export const isImagePath = (path: string): boolean =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(path));

/**
 * GET /api/upload/names?paths=<p1>,<p2>: the names the files had on the clerk's PC, so that a link reads
 * 代付协议.zip rather than the stored random name. Stored paths never contain a comma.
 */
export const UPLOAD_NAMES_MAX = 50;
export const uploadNamesQuery = z.strictObject({
  paths: z
    .string({ error: '请提供文件路径' })
    .max(UPLOAD_NAMES_MAX * 200, '一次最多查询50个文件')
    .transform((text) => [...new Set(text.split(',').map((path) => path.trim()))].filter(Boolean))
    .refine((paths) => paths.length <= UPLOAD_NAMES_MAX, '一次最多查询50个文件'),
});
/** Keyed by path; paths with no recorded upload are absent. */
export interface UploadNamesAnswer {
  names: Record<string, string>;
}

/**
 * The stored-file download (`GET /storage/*`, a stream) keeps its own handling; the upload's multipart
 * body is read by its route, its answer is described. Its `names` is a null-prototype map (a path may be "__proto__"), which a zod
 * record would rebuild and lose keys of: it passes through as the server built it.
 */
export const uploadEndpoints = {
  /** Multipart `dir` + `file`: the server reads the parts itself (upload.routes.ts), the answer is described. */
  upload: endpoint({
    method: 'POST',
    path: '/api/upload',
    body: z.custom<FormData>((value) => typeof FormData !== 'undefined' && value instanceof FormData),
    response: uploadAnswerSchema,
  }),
  names: endpoint({
    method: 'GET',
    path: '/api/upload/names',
    query: uploadNamesQuery,
    response: z.object({
      names: z.custom<Record<string, string>>((value) => typeof value === 'object' && value !== null),
    }),
  }),
};
