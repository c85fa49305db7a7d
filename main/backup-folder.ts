import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { backupOverdueNotice, readBackupStatusFile } from '../contract/backup';
import type { ShowOpenDialog } from './file-dialogs';
import type { KeyValueStore } from './token-store';

/**
 * The embedded server's backup folder (issue 27): the one the clerk chose in 数据备份, remembered in the
 * settings file, else `文档\二手车出口业务管理系统\备份` (Documents on every system). Main hands it to the
 * server as BACKUP_DIR at each start; a new choice restarts the server with it.
 */

export const backupFolderMessages = {
  chooseTitle: '选择数据备份文件夹（建议选择移动硬盘或网络共享文件夹）',
  overdueTitle: '数据备份',
  openPage: '打开数据备份',
  close: '关闭',
} as const;

const KEY = 'backupFolder';

/** The default under the user's Documents folder. */
export const defaultBackupFolder = (documentsDir: string): string =>
  join(documentsDir, '二手车出口业务管理系统', '备份');

export interface BackupFolderDeps {
  store: KeyValueStore;
  /** Electron's `app.getPath('documents')`. */
  documentsDir: () => string;
  showOpenDialog: ShowOpenDialog;
  /** The embedded server starts again with the new folder (nothing when an office server is used). */
  restartServer: () => Promise<void>;
}

export interface BackupFolder {
  /** The folder the embedded server backs up to now. */
  current(): string;
  /**
   * The default folder is made when it is the one in use (Documents is always there); a chosen folder
   * never is: a USB disk unplugged must be reported as missing, not replaced by a folder on the PC.
   */
  prepare(): void;
  /** The folder dialog; answers the new folder, or null when cancelled. */
  choose(): Promise<string | null>;
}

export function createBackupFolder(deps: BackupFolderDeps): BackupFolder {
  const chosen = (): string | null => {
    const value = deps.store.get(KEY);
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  };
  const current = () => chosen() ?? defaultBackupFolder(deps.documentsDir());
  return {
    current,
    prepare() {
      if (chosen() !== null) return;
      try {
        mkdirSync(current(), { recursive: true });
      } catch {
        // Reported by the server's first backup (没有写入备份文件夹的权限) rather than here.
      }
    },
    async choose() {
      const answer = await deps.showOpenDialog({
        title: backupFolderMessages.chooseTitle,
        defaultPath: current(),
        properties: ['openDirectory', 'createDirectory'],
      });
      const folder = answer.canceled ? undefined : answer.filePaths[0];
      if (!folder) return null;
      deps.store.set(KEY, folder);
      await deps.restartServer();
      return folder;
    },
  };
}

/**
 * 「已有 N 天没有成功备份：<原因>」 from what the embedded server keeps beside its database
 * (`<userData>/data/app.backup-status.json`), or null: read at start, before any login.
 */
export function backupOverdueAtStart(userDataDir: string, now: Date = new Date()): string | null {
  let raw: unknown = null;
  try {
    raw = JSON.parse(readFileSync(join(userDataDir, 'data', 'app.backup-status.json'), 'utf8'));
  } catch {
    return null;
  }
  return backupOverdueNotice(readBackupStatusFile(raw), now);
}
