import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { desktopChannels, overdueListPath } from '../contract/desktop-api';
import { remindersIpcHandlers } from './ipc/reminders-ipc';
import { appSenderCheck, ipcMessages, type GuardedHandler } from './ipc/ipc-guard';
import { createOverdueNotifier, localDay, type NotificationLike } from './overdue-notification';
import { createSettingsStore } from './settings-store';
import { openConfFile } from './testing/conf-file';
import { foreignSenders, fromApp } from './testing/ipc-events';

/** Electron's Notification as the notifier sees it: what was shown, and a click on it. */
class FakeNotification implements NotificationLike {
  clicks: (() => void)[] = [];
  shown = false;
  constructor(readonly options: { title: string; body: string }) {}
  on(_event: 'click', listener: () => void) {
    this.clicks.push(listener);
    return this;
  }
  show() {
    this.shown = true;
  }
  click() {
    for (const listener of this.clicks) listener();
  }
}

describe('the overdue notification (issue 25)', () => {
  let dir: string;
  let clock: Date;
  let notifications: FakeNotification[];
  let opened: string[];
  let supported: boolean;

  /** A fresh start of the app on the same settings file. */
  const start = () =>
    createOverdueNotifier({
      settings: createSettingsStore(openConfFile(dir, 'settings')),
      isSupported: () => supported,
      createNotification: (options) => {
        const notification = new FakeNotification(options);
        notifications.push(notification);
        return notification;
      },
      open: (path) => opened.push(path),
      now: () => clock,
    });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'overdue-'));
    clock = new Date(2026, 10, 27, 8, 30);
    notifications = [];
    opened = [];
    supported = true;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('says 有 N 项已逾期 at the first report of the day, and only once that day, even after a restart', () => {
    expect(start().report(3)).toBe(true);
    expect(notifications.map((n) => [n.options.title, n.options.body, n.shown])).toEqual([
      ['到期提醒', '有 3 项已逾期', true],
    ]);

    const later = start();
    clock = new Date(2026, 10, 27, 23, 59);
    expect(later.report(5)).toBe(false);
    expect(notifications).toHaveLength(1);

    // The next morning, on the PC's own calendar.
    clock = new Date(2026, 10, 28, 0, 1);
    expect(start().report(4)).toBe(true);
    expect(notifications.map((n) => n.options.body)).toEqual(['有 3 项已逾期', '有 4 项已逾期']);
  });

  it('stays quiet when nothing is overdue, without using up the day', () => {
    const notifier = start();
    expect(notifier.report(0)).toBe(false);
    expect(notifications).toHaveLength(0);
    expect(notifier.report(2)).toBe(true);
    expect(notifications.map((n) => n.options.body)).toEqual(['有 2 项已逾期']);
  });

  it('opens the overdue list in the window when clicked', () => {
    start().report(1);
    expect(opened).toEqual([]);
    notifications[0]?.click();
    expect(opened).toEqual([overdueListPath]);
    expect(overdueListPath).toBe('/deadline/list?state=overdue');
  });

  it('does not mark the day on a desktop without a notification service', () => {
    supported = false;
    expect(start().report(3)).toBe(false);
    supported = true;
    expect(start().report(3)).toBe(true);
  });

  it('counts days by the PC’s calendar', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('takes the count from our page only, a whole number of at least 0', async () => {
    const handlers = remindersIpcHandlers({ isTrusted: appSenderCheck(), notifier: start() });
    const report = handlers[desktopChannels.remindersReportOverdue] as GuardedHandler;
    await expect(report(foreignSenders[0]![1], 3)).rejects.toThrow(ipcMessages.untrustedSender);
    await expect(report(fromApp, -1)).rejects.toThrow(/^请求参数不正确：逾期数量不能为负数/);
    await expect(report(fromApp, 1.5)).rejects.toThrow(/^请求参数不正确：逾期数量必须是整数/);
    await expect(report(fromApp, '3')).rejects.toThrow(/^请求参数不正确/);
    await expect(report(fromApp, 3, 'x')).rejects.toThrow(/^请求参数不正确/);
    expect(notifications).toHaveLength(0);
    expect(await report(fromApp, 3)).toBe(true);
    expect(await report(fromApp, 3)).toBe(false);
  });
});
