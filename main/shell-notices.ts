import { noShellNotice, shellNoticeMessages, type ShellNotice } from '../contract/desktop-api';

/** Where a change of the notice goes: the window's page (`webContents.send` on `desktop:app:notice-changed`). */
export type NoticeSink = (notice: ShellNotice) => void;

export interface ShellNotices {
  /** The notice now; reading it ends `pageReloaded`, which the reading page shows until closed. */
  take(): ShellNotice;
  pageReloaded(): void;
  serverRestarting(): void;
  serverFailed(): void;
  /** The embedded server answers again (or the app no longer uses it): its banner goes. */
  serverAnswers(): void;
  /** Sends every later change to `sink` (the window, once it exists). */
  sendTo(sink: NoticeSink | null): void;
}

/** What main has to tell the page about the shell itself: a crashed page, the embedded server's restarts. */
export function createShellNotices(): ShellNotices {
  let notice: ShellNotice = { ...noShellNotice };
  let sink: NoticeSink | null = null;
  const change = (next: ShellNotice) => {
    notice = next;
    sink?.(notice);
  };
  return {
    take() {
      const now = notice;
      if (notice.pageReloaded) notice = { ...notice, pageReloaded: false };
      return now;
    },
    // The reloaded page reads it when it starts: nothing to send to the page that is gone.
    pageReloaded: () => void (notice = { ...notice, pageReloaded: true }),
    serverRestarting: () =>
      change({ ...notice, server: { state: 'restarting', message: shellNoticeMessages.serverRestarting } }),
    serverFailed: () => change({ ...notice, server: { state: 'failed', message: shellNoticeMessages.serverFailed } }),
    serverAnswers() {
      if (notice.server) change({ ...notice, server: null });
    },
    sendTo(next) {
      sink = next;
    },
  };
}
