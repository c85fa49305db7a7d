import { z } from 'zod';
import { defaultUiSettings, openFileMaxBytes, type ConnectionSettings, type UiSettings } from './desktop-api';
import { saveFileName } from './file-names';

/**
 * zod schemas for what crosses the desktop bridge. Kept apart from `desktop-api.ts` so that the preload
 * (which only needs the channel names) does not bundle zod.
 */

const text = (max: number) => z.string().max(max, '内容过长');

export const uiSettingsSchema = z
  .object({
    themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, '主题色必须是 #RRGGBB 格式的颜色'),
    tagsView: z.boolean({ error: '标签栏开关必须是是或否' }),
    fixedHeader: z.boolean({ error: '固定头部开关必须是是或否' }),
    sidebarLogo: z.boolean({ error: '侧边栏标志开关必须是是或否' }),
    size: z.enum(['default', 'medium', 'small', 'mini'], { error: '界面尺寸只能是默认、中等、小或迷你' }),
    columns: z.record(text(200), z.array(text(200)).max(500, '列设置过多')),
    downloadFolder: text(1000),
  })
  .strict();

export const desktopSettingsMessages = {
  folderByDialog: '导出文件夹只能通过选择文件夹对话框设置',
} as const;

/**
 * A change of some settings: unknown fields are refused so nothing else can be slipped in. The export folder
 * is only ever set by main's own folder dialog; the page may only put it back to the Downloads folder ('').
 */
export const uiSettingsPatchSchema = uiSettingsSchema
  .extend({ downloadFolder: z.literal('', { error: desktopSettingsMessages.folderByDialog }) })
  .partial()
  .strict();

/**
 * Reads stored settings leniently: a field that is missing or malformed (an older version, a hand-edited or
 * corrupt file) falls back to its default instead of losing every other choice.
 */
export function readUiSettings(value: unknown): UiSettings {
  const result: UiSettings = { ...defaultUiSettings, columns: {} };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return result;
  const stored = value as Record<string, unknown>;
  const shape = uiSettingsSchema.shape;
  const pick = <K extends keyof UiSettings>(key: K) => {
    const parsed = shape[key].safeParse(stored[key]);
    if (parsed.success) result[key] = parsed.data as UiSettings[K];
  };
  (Object.keys(shape) as (keyof UiSettings)[]).forEach(pick);
  return result;
}

export const serverUrlMessages = {
  required: '请输入服务器地址',
  tooLong: '服务器地址过长',
  scheme: '服务器地址必须以 http:// 或 https:// 开头，例如 https://10.0.0.5:8787',
  credentials: '服务器地址不能包含用户名或密码',
  path: '服务器地址只填协议、主机和端口，不要带路径，例如 https://10.0.0.5:8787',
  query: '服务器地址不能带 ? 或 # 及其后的内容，例如 https://10.0.0.5:8787',
} as const;

/** Why a typed server address is not an origin (`http(s)://host[:port]`), or null when it is one. */
function originProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return serverUrlMessages.scheme;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return serverUrlMessages.scheme;
  if (url.username || url.password) return serverUrlMessages.credentials;
  // `?` and `#` are looked for in the text: an empty query (`https://host/?`) leaves no trace in the URL.
  if (url.search || url.hash || /[?#]/.test(value)) return serverUrlMessages.query;
  if (url.pathname !== '/') return serverUrlMessages.path;
  return null;
}

/**
 * A server's origin and nothing else: no path (the API's paths are the app's to add), no query or
 * fragment, no user name or password (they would sit in the settings file and in every log line). The
 * answer is the URL's own origin (`https://10.0.0.5:8787`: no trailing slash, host in lower case), which
 * the API paths are joined to.
 */
const httpUrl = z
  .string()
  .trim()
  .min(1, serverUrlMessages.required)
  .max(2000, serverUrlMessages.tooLong)
  .superRefine((value, context) => {
    const problem = originProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => new URL(value).origin);

/** An office server address, as typed on the connection screen. */
export const serverUrlSchema = httpUrl;

export const connectionSettingsSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('embedded'), officeUrl: z.string().max(2000, '服务器地址过长') }).strict(),
    z.object({ mode: z.literal('office'), officeUrl: httpUrl }).strict(),
  ],
  { error: '连接方式只能是本机内置服务器或办公室服务器' },
);

/** Reads stored connection settings leniently: anything unreadable means the embedded server. */
export function readConnectionSettings(value: unknown): ConnectionSettings {
  const parsed = connectionSettingsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  return { mode: 'embedded', officeUrl: '' };
}

const fileExtension = z
  .string({ error: '文件类型必须是文字' })
  .regex(/^[A-Za-z0-9]{1,10}$/, '文件类型只能是字母或数字，不带点')
  .transform((value) => value.toLowerCase());

export const fileFilterSchema = z
  .object({
    name: z.string({ error: '文件类型名称必须是文字' }).trim().min(1, '请填写文件类型名称').max(50, '文件类型名称过长'),
    extensions: z.array(fileExtension).min(1, '请至少指定一种文件类型').max(20, '文件类型过多'),
  })
  .strict();

/** What the open dialog may be asked: a few types, a size limit no larger than what may cross the bridge. */
export const openFileOptionsSchema = z
  .object({
    title: z.string({ error: '对话框标题必须是文字' }).max(100, '对话框标题过长').optional(),
    filters: z.array(fileFilterSchema).min(1, '请指定可选择的文件类型').max(10, '文件类型分组过多'),
    maxBytes: z
      .number({ error: '文件大小上限必须是数字' })
      .int('文件大小上限必须是整数')
      .positive('文件大小上限必须大于 0')
      .max(openFileMaxBytes, '文件大小上限不能超过 20MB')
      .optional(),
    tooLargeMessage: z.string({ error: '提示文字必须是文字' }).min(1).max(200, '提示文字过长').optional(),
  })
  .strict();

/**
 * An export's `download_url`: the server's `/storage/exports/…/<name>.xlsx` (API.md), nothing else. Every
 * segment is an ordinary name (no dot-names, no `%`, `?`, `#`, `\`), so the token never goes elsewhere.
 */
export const EXPORT_PATH_PATTERN =
  /^\/storage\/exports\/(?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,150}\.xlsx$/;

export const downloadIdSchema = z
  .string({ error: '下载编号必须是文字' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, '下载编号格式不正确');

export const downloadExportRequestSchema = z
  .object({
    url: z
      .string({ error: '下载地址必须是文字' })
      .max(400, '下载地址过长')
      .regex(EXPORT_PATH_PATTERN, '只能下载服务器导出的 Excel 文件（/storage/exports/…xlsx）'),
    suggestedName: z.string({ error: '文件名必须是文字' }).max(300, '文件名过长'),
    downloadId: downloadIdSchema.optional(),
  })
  .strict();

/** A finished contract's document zip: `/storage/exports/…/<name>.zip` (API.md, Cars: downloads), nothing else. */
export const ARCHIVE_PATH_PATTERN =
  /^\/storage\/exports\/(?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,150}\.zip$/;

export const downloadArchiveRequestSchema = z
  .object({
    url: z
      .string({ error: '下载地址必须是文字' })
      .max(400, '下载地址过长')
      .regex(ARCHIVE_PATH_PATTERN, '只能下载服务器打包的资料压缩包（/storage/exports/…zip）'),
    suggestedName: z.string({ error: '文件名必须是文字' }).max(300, '文件名过长'),
    downloadId: downloadIdSchema.optional(),
  })
  .strict();

/** A path `showInFolder` is asked about: text of a sensible length (main decides whether it may be shown). */
export const shownPathSchema = z
  .string({ error: '文件路径必须是文字' })
  .min(1, '文件路径不能为空')
  .max(4000, '文件路径过长');

const EXPORT_EXTENSION = '.xlsx';

/**
 * The name a finished contract's document zip is saved under: safe everywhere (the one rule of
 * contract/file-names.ts, which the zip's own entries follow too), always ending `.zip`.
 */
export const archiveSaveName = (suggested: string, fallback = '资料'): string =>
  saveFileName(suggested, '.zip', fallback);

/**
 * The name an export is saved under: what the screen suggested, made safe on every file system by the one
 * rule of contract/file-names.ts. Separators and characters Windows refuses become `_`; control,
 * direction-changing and zero-width characters (which can disguise an extension) go; dot-names, trailing
 * dots and Windows device names (`CON .xlsx` too) cannot result; it always ends `.xlsx`.
 */
export function exportFileName(suggested: string, fallback = '导出'): string {
  return saveFileName(suggested, EXPORT_EXTENSION, fallback);
}

/** The overdue count the page reports after login (issue 25): a whole number, never negative. */
export const overdueCountSchema = z
  .number({ error: '逾期数量必须是数字' })
  .int('逾期数量必须是整数')
  .min(0, '逾期数量不能为负数')
  .max(1_000_000_000, '逾期数量过大');
