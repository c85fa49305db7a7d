import { z } from 'zod';
import { desktopChannels } from '../../contract/desktop-api';
import { uiSettingsPatchSchema } from '../../contract/desktop-schemas';
import type { SettingsStore } from '../settings-store';
import { guarded, noArgs, type IpcHandlersFor, type SenderCheck } from './ipc-guard';

export interface SettingsIpcDeps {
  isTrusted: SenderCheck;
  settings: SettingsStore;
}

/** Interface choices (theme, size, columns, download folder): they survive logout. */
export function settingsIpcHandlers({
  isTrusted,
  settings,
}: SettingsIpcDeps): IpcHandlersFor<'settingsGet' | 'settingsSet'> {
  return {
    [desktopChannels.settingsGet]: guarded(isTrusted, noArgs, () => settings.getUi()),
    [desktopChannels.settingsSet]: guarded(isTrusted, z.tuple([uiSettingsPatchSchema]), ([patch]) =>
      settings.patchUi(patch),
    ),
  };
}
