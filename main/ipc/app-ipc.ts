import { desktopChannels, type ShellNotice } from '../../contract/desktop-api';
import { guarded, noArgs, type IpcHandlersFor, type SenderCheck } from './ipc-guard';

export interface AppIpcDeps {
  isTrusted: SenderCheck;
  version: () => string;
  /** The shell's notice (shell-notices.ts `take`). */
  notice: () => ShellNotice;
}

export function appIpcHandlers({ isTrusted, version, notice }: AppIpcDeps): IpcHandlersFor<'appVersion' | 'appNotice'> {
  return {
    [desktopChannels.appVersion]: guarded(isTrusted, noArgs, () => version()),
    [desktopChannels.appNotice]: guarded(isTrusted, noArgs, () => notice()),
  };
}
