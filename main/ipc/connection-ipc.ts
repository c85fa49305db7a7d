import { z } from 'zod';
import { desktopChannels } from '../../contract/desktop-api';
import { connectionSettingsSchema, serverUrlSchema } from '../../contract/desktop-schemas';
import type { ConnectionService } from '../connection';
import { guarded, noArgs, type IpcHandlersFor, type SenderCheck } from './ipc-guard';

export interface ConnectionIpcDeps {
  isTrusted: SenderCheck;
  connection: ConnectionService;
}

/** Embedded server or office server, and the connection test of the settings screen. */
export function connectionIpcHandlers({
  isTrusted,
  connection,
}: ConnectionIpcDeps): IpcHandlersFor<'connectionGet' | 'connectionSet' | 'connectionTest'> {
  return {
    [desktopChannels.connectionGet]: guarded(isTrusted, noArgs, () => connection.get()),
    [desktopChannels.connectionSet]: guarded(isTrusted, z.tuple([connectionSettingsSchema]), ([settings]) =>
      connection.set(settings),
    ),
    [desktopChannels.connectionTest]: guarded(isTrusted, z.tuple([serverUrlSchema]), ([url]) => connection.test(url)),
  };
}
