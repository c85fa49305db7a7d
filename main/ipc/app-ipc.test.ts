import { describe, expect, it } from 'vitest';
import { desktopChannels, shellNoticeMessages } from '../../contract/desktop-api';
import { createShellNotices } from '../shell-notices';
import { foreignSenders, fromApp } from '../testing/ipc-events';
import { appIpcHandlers } from './app-ipc';
import { appSenderCheck, ipcMessages, type GuardedHandler } from './ipc-guard';

describe('app IPC', () => {
  const notices = createShellNotices();
  const handlers = appIpcHandlers({
    isTrusted: appSenderCheck(),
    version: () => '0.1.0',
    notice: () => notices.take(),
  });
  const version = handlers[desktopChannels.appVersion] as GuardedHandler;
  const notice = handlers[desktopChannels.appNotice] as GuardedHandler;

  it('answers the app version', async () => {
    expect(await version(fromApp)).toBe('0.1.0');
  });

  it('answers the shell notice: a reloaded page once, the server until it answers again', async () => {
    expect(await notice(fromApp)).toEqual({ pageReloaded: false, server: null });
    notices.pageReloaded();
    notices.serverRestarting();
    const restarting = { state: 'restarting', message: shellNoticeMessages.serverRestarting };
    expect(await notice(fromApp)).toEqual({ pageReloaded: true, server: restarting });
    expect(await notice(fromApp)).toEqual({ pageReloaded: false, server: restarting });
    notices.serverAnswers();
    expect(await notice(fromApp)).toEqual({ pageReloaded: false, server: null });
  });

  it('refuses a foreign frame and unexpected arguments', async () => {
    await expect(version(foreignSenders[0]![1])).rejects.toThrow(ipcMessages.untrustedSender);
    await expect(version(fromApp, 'x')).rejects.toThrow(/^请求参数不正确/);
    notices.pageReloaded();
    await expect(notice(foreignSenders[0]![1])).rejects.toThrow(ipcMessages.untrustedSender);
    await expect(notice(fromApp, 'x')).rejects.toThrow(/^请求参数不正确/);
    // A refused call did not use up the notice.
    expect(((await notice(fromApp)) as { pageReloaded: boolean }).pageReloaded).toBe(true);
  });
});
