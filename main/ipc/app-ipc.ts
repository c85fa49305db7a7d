import { desktopChannels } from '../../contract/desktop-api';
import { guarded, noArgs, type IpcHandlersFor, type SenderCheck } from './ipc-guard';

export interface AppIpcDeps {
  isTrusted: SenderCheck;
  version: () => string;
}

export function appIpcHandlers({ isTrusted, version }: AppIpcDeps): IpcHandlersFor<'appVersion'> {
  return {
    [desktopChannels.appVersion]: guarded(isTrusted, noArgs, () => version()),
  };
}
