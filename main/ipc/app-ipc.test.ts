import { describe, expect, it } from 'vitest';
import { desktopChannels } from '../../contract/desktop-api';
import { foreignSenders, fromApp } from '../testing/ipc-events';
import { appIpcHandlers } from './app-ipc';
import { appSenderCheck, ipcMessages, type GuardedHandler } from './ipc-guard';

describe('app IPC', () => {
  const version = appIpcHandlers({ isTrusted: appSenderCheck(), version: () => '0.1.0' })[
    desktopChannels.appVersion
  ] as GuardedHandler;

  it('answers the app version', async () => {
    expect(await version(fromApp)).toBe('0.1.0');
  });

  it('refuses a foreign frame and unexpected arguments', async () => {
    await expect(version(foreignSenders[0]![1])).rejects.toThrow(ipcMessages.untrustedSender);
    await expect(version(fromApp, 'x')).rejects.toThrow(/^请求参数不正确/);
  });
});
