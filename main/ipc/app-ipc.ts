import { desktopChannels } from '../../contract/desktop-api';
import { guarded, noArgs, type IpcHandlerMap, type SenderCheck } from './ipc-guard';

export interface AppIpcDeps {
  isTrusted: SenderCheck;
  version: () => string;
}

export function appIpcHandlers({ isTrusted, version }: AppIpcDeps): IpcHandlerMap {
  return {
    [desktopChannels.appVersion]: guarded(isTrusted, noArgs, () => version()),
  };
}
