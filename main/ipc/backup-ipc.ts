import { desktopChannels } from '../../contract/desktop-api';
import type { BackupFolder } from '../backup-folder';
import { guarded, noArgs, type IpcHandlersFor, type SenderCheck } from './ipc-guard';

export interface BackupIpcDeps {
  isTrusted: SenderCheck;
  folder: BackupFolder;
  /** Whether the app uses its embedded server now (an office server backs up to its own BACKUP_DIR). */
  embedded: () => boolean;
}

/** 数据备份's folder (issue 27): shown, and chosen with the native dialog, for the embedded server only. */
export function backupIpcHandlers({
  isTrusted,
  folder,
  embedded,
}: BackupIpcDeps): IpcHandlersFor<'backupFolder' | 'backupChooseFolder'> {
  return {
    [desktopChannels.backupFolder]: guarded(isTrusted, noArgs, () => (embedded() ? folder.current() : null)),
    [desktopChannels.backupChooseFolder]: guarded(isTrusted, noArgs, () => (embedded() ? folder.choose() : null)),
  };
}
