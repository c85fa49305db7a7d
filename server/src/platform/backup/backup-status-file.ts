import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { readBackupStatusFile, type BackupStatusFile } from '../../../../contract/backup';

/**
 * The last success and the last failure, beside the database (`app.backup-status.json`), not in the
 * backup folder: a missing folder must still be reported, and the desktop app reads this file at its
 * start to say 已有 N 天没有成功备份 before any login.
 */
export const statusFileOf = (databaseFile: string): string => {
  const stem = basename(databaseFile, extname(databaseFile));
  return join(dirname(databaseFile), `${stem}.backup-status.json`);
};

export const readStatusFile = (databaseFile: string): BackupStatusFile => {
  try {
    return readBackupStatusFile(JSON.parse(readFileSync(statusFileOf(databaseFile), 'utf8')));
  } catch {
    return readBackupStatusFile(null);
  }
};

export const writeStatusFile = async (databaseFile: string, status: BackupStatusFile): Promise<void> => {
  const file = statusFileOf(databaseFile);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, `${JSON.stringify(status, null, 2)}\n`, 'utf8');
  await rename(`${file}.tmp`, file);
};
