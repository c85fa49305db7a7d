import { describe, expect, it } from 'vitest';
import { desktopChannels, type ShellNotice } from '../../contract/desktop-api';
import type { ConnectionService } from '../connection';
import type { Downloads } from '../downloads';
import type { FileDialogs } from '../file-dialogs';
import type { SettingsStore } from '../settings-store';
import { foreignSenders } from '../testing/ipc-events';
import type { TokenStore } from '../token-store';
import { appIpcHandlers } from './app-ipc';
import { authIpcHandlers } from './auth-ipc';
import { connectionIpcHandlers } from './connection-ipc';
import { filesIpcHandlers } from './files-ipc';
import {
  appSenderCheck,
  guarded,
  ipcMessages,
  noArgs,
  registerHandlers,
  type GuardedHandler,
  type IpcHandlers,
  type IpcHandlersFor,
} from './ipc-guard';
import type { OverdueNotifier } from '../overdue-notification';
import { remindersIpcHandlers } from './reminders-ipc';
import type { BackupFolder } from '../backup-folder';
import { backupIpcHandlers } from './backup-ipc';
import { settingsIpcHandlers } from './settings-ipc';

/** Every dependency throws: a handler that reached one would fail the test with another message. */
const untouchable = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error('a refused call reached the handler');
    },
  },
);

describe('IPC registration', () => {
  const isTrusted = appSenderCheck();
  const handle = new Map<string, GuardedHandler>();
  registerHandlers(
    {
      handle: (channel, listener) => {
        expect(handle.has(channel)).toBe(false);
        handle.set(channel, listener);
      },
    },
    {
      ...authIpcHandlers({ isTrusted, tokens: untouchable as TokenStore }),
      ...settingsIpcHandlers({ isTrusted, settings: untouchable as SettingsStore }),
      ...connectionIpcHandlers({ isTrusted, connection: untouchable as ConnectionService }),
      ...appIpcHandlers({
        isTrusted,
        version: untouchable as () => string,
        notice: untouchable as () => ShellNotice,
      }),
      ...filesIpcHandlers({
        isTrusted,
        dialogs: untouchable as FileDialogs,
        downloads: untouchable as Downloads,
      }),
      ...remindersIpcHandlers({ isTrusted, notifier: untouchable as OverdueNotifier }),
      ...backupIpcHandlers({ isTrusted, folder: untouchable as BackupFolder, embedded: untouchable as () => boolean }),
    },
  );

  it('registers exactly the channels of the contract, all prefixed desktop:', () => {
    expect([...handle.keys()].sort()).toEqual(Object.values(desktopChannels).sort());
    for (const channel of handle.keys()) expect(channel).toMatch(/^desktop:/);
  });

  it('checks the sender before anything else on every channel', async () => {
    for (const [channel, handler] of handle) {
      for (const [label, event] of foreignSenders) {
        await expect(handler(event, 'x'), `${channel} from ${label}`).rejects.toThrow(ipcMessages.untrustedSender);
      }
    }
  });

  it('a map missing a channel, or answering the wrong thing on one, does not compile (npm run typecheck)', () => {
    const withoutVersion = {
      ...authIpcHandlers({ isTrusted, tokens: untouchable as TokenStore }),
      ...settingsIpcHandlers({ isTrusted, settings: untouchable as SettingsStore }),
      ...connectionIpcHandlers({ isTrusted, connection: untouchable as ConnectionService }),
      ...filesIpcHandlers({ isTrusted, dialogs: untouchable as FileDialogs, downloads: untouchable as Downloads }),
    };
    // @ts-expect-error the app version channel has no handler
    const incomplete: IpcHandlers = withoutVersion;
    const wrongAnswer: IpcHandlersFor<'appVersion'> = {
      // @ts-expect-error the version is a string, not a number
      [desktopChannels.appVersion]: guarded(isTrusted, noArgs, () => 42),
    };
    expect(Object.keys(incomplete)).not.toContain(desktopChannels.appVersion);
    expect(Object.keys(wrongAnswer)).toEqual([desktopChannels.appVersion]);
  });
});
