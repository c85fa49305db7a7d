/**
 * Backups of a SQLite database and its stored files (issue 27): 系统设置 → 数据备份. The server copies the
 * database and the new stored files into its backup folder (BACKUP_DIR; the desktop app sets it for its
 * embedded server) once a day and before an upgrade, keeps 7 daily and 4 weekly, and can switch back to
 * one. PostgreSQL offices back up with pg_dump: these endpoints then answer so, in Chinese.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';

/** A backup's folder name: the UTC time it was taken, e.g. `2026-11-27T10-45-15-123Z` (sorts by time). */
export const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

export const backupMessages = {
  postgres: '办公室数据库服务器上的数据不由本系统备份，请由管理员用 pg_dump 按时备份',
  noFolder: '未设置备份文件夹（服务器请设置 BACKUP_DIR）',
  folderMissing: (folder: string) => `备份文件夹不存在或无法访问：${folder}`,
  diskFull: '备份文件夹所在磁盘空间不足',
  permission: '没有写入备份文件夹的权限',
  checkFailed: '备份副本的完整性检查未通过，已删除该副本',
  other: (detail: string) => `备份失败：${detail}`,
  nameFormat: '备份名称不正确',
  notFound: '找不到该备份，或该备份未通过完整性检查',
  restoreNotAllowed: '此服务器不能在界面中恢复备份（请停止服务器后由管理员恢复）',
  restoring: '正在恢复备份，服务器将重新启动，请稍后重新登录',
  started: '已开始备份',
  runNotFound: '备份任务不存在',
  busy: '正在恢复备份，请稍后再试',
} as const;

export const BACKUP_KINDS = ['daily', 'manual', 'upgrade'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];
export const backupKindLabel: Record<BackupKind, string> = { daily: '每日自动', manual: '手动', upgrade: '升级前' };

export const backupCountsSchema = z.object({ contracts: z.number(), vehicles: z.number(), files: z.number() });
export type BackupCounts = z.infer<typeof backupCountsSchema>;

/** A backup that passed its integrity check: only such are listed and offered for restore. */
export const backupEntrySchema = z.object({
  name: z.string(),
  /** When it was taken, ISO 8601 UTC. */
  at: z.string(),
  kind: z.enum(BACKUP_KINDS),
  /** The database copy plus the files this backup names, in bytes. */
  size: z.number(),
  counts: backupCountsSchema,
});
export type BackupEntry = z.infer<typeof backupEntrySchema>;

export const backupRunSchema = z.object({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  /** 0 to 100. */
  percent: z.number(),
  /** What it is doing, for the progress bar: 复制数据库, 检查副本, 复制文件, 清理旧备份. */
  step: z.string(),
  /** The failure's Chinese reason, or null. */
  error: z.string().nullable(),
  /** The backup it made, once done. */
  backup: backupEntrySchema.nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export const backupStatusSchema = z.object({
  /** False on PostgreSQL (pg_dump) or without a backup folder; `unavailable` says why. */
  available: z.boolean(),
  unavailable: z.string().nullable(),
  folder: z.string().nullable(),
  lastSuccess: z.object({ at: z.string(), size: z.number(), path: z.string() }).nullable(),
  lastFailure: z.object({ at: z.string(), reason: z.string() }).nullable(),
  /** The run in progress, if any (the page shows its progress after a reload). */
  running: backupRunSchema.nullable(),
  /** Whether this server switches to a backup from the page (see restoreNote otherwise). */
  restoreAllowed: z.boolean(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const backupNameField = z
  .string({ error: backupMessages.nameFormat })
  .regex(BACKUP_NAME, backupMessages.nameFormat);

export const backupRestoreBody = z.strictObject({ name: backupNameField });
export type BackupRestoreBody = z.infer<typeof backupRestoreBody>;

export const backupRestoreAnswer = z.object({
  /** The server restarts on the backup now (the page waits for it and asks for a new login). */
  restarting: z.literal(true),
  /** Where the data before the restore was kept. */
  keptAside: z.string(),
});
export type BackupRestoreAnswer = z.infer<typeof backupRestoreAnswer>;

export const backupEndpoints = {
  status: endpoint({ method: 'GET', path: '/api/backup/status', response: backupStatusSchema }),
  list: endpoint({ method: 'GET', path: '/api/backup/list', response: z.object({ data: z.array(backupEntrySchema) }) }),
  run: endpoint({ method: 'POST', path: '/api/backup/run', response: backupRunSchema }),
  progress: endpoint({
    method: 'GET',
    path: '/api/backup/run/:id',
    params: z.object({ id: z.string().max(64) }),
    response: backupRunSchema,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/api/backup/restore',
    body: backupRestoreBody,
    response: backupRestoreAnswer,
  }),
};

/**
 * What the server keeps beside its database about its backups (`app.backup-status.json`), and the
 * desktop app reads at start. `since`: when this database was first backed up or tried to be, so that
 * a PC that never managed one is told too.
 */
export const backupStatusFileSchema = z.object({
  since: z.string().nullable().catch(null),
  lastSuccess: z.object({ at: z.string(), size: z.number(), path: z.string() }).nullable().catch(null),
  lastFailure: z.object({ at: z.string(), reason: z.string() }).nullable().catch(null),
});
export type BackupStatusFile = z.infer<typeof backupStatusFileSchema>;

/** Leniently: a damaged or missing file reads as nothing known. */
export const readBackupStatusFile = (value: unknown): BackupStatusFile => {
  const parsed = backupStatusFileSchema.safeParse(value);
  return parsed.success ? parsed.data : { since: null, lastSuccess: null, lastFailure: null };
};

/** Days without a successful backup after which the desktop app says so at its start. */
export const BACKUP_WARN_DAYS = 3;

/**
 * 「已有 N 天没有成功备份：<原因>」 when the last success (or, without one, the first attempt) is at least
 * BACKUP_WARN_DAYS days old; null otherwise.
 */
export const backupOverdueNotice = (status: BackupStatusFile, now: Date): string | null => {
  const from = status.lastSuccess?.at ?? status.since;
  if (!from) return null;
  const days = Math.floor((now.getTime() - Date.parse(from)) / 86_400_000);
  if (!(days >= BACKUP_WARN_DAYS)) return null;
  const reason = status.lastFailure?.reason ?? '备份未能运行';
  return `已有 ${days} 天没有成功备份：${reason}`;
};
