import { z } from 'zod';
import { defaultUiSettings, type ConnectionSettings, type UiSettings } from './desktop-api';

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

/** A change of some settings: unknown fields are refused so nothing else can be slipped in. */
export const uiSettingsPatchSchema = uiSettingsSchema.partial().strict();

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

const httpUrl = z
  .string()
  .trim()
  .min(1, '请输入服务器地址')
  .max(2000, '服务器地址过长')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username;
    } catch {
      return false;
    }
  }, '服务器地址必须以 http:// 或 https:// 开头，例如 https://10.0.0.5:8787')
  // The base URL is joined with `/api/...`: drop a trailing slash so the two never double up.
  .transform((value) => value.replace(/\/+$/, ''));

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
