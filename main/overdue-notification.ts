import { overdueListPath, reminderMessages } from '../contract/desktop-api';
import type { SettingsStore } from './settings-store';

/** The part of Electron's `Notification` the notifier uses. */
export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

export interface OverdueNotifierDeps {
  settings: Pick<SettingsStore, 'getOverdueNotifiedOn' | 'setOverdueNotifiedOn'>;
  /** Electron's `Notification.isSupported()`: some Linux desktops have no notification service. */
  isSupported: () => boolean;
  createNotification: (options: { title: string; body: string }) => NotificationLike;
  /** Brings the window forward and has the page open `path` (index.ts sends `desktop:reminders:open`). */
  open: (path: string) => void;
  /** This PC's date now; a test sets its own. */
  now?: () => Date;
}

export interface OverdueNotifier {
  /** The page's count after login: shows 「有 N 项已逾期」 unless shown today already; answers whether it did. */
  report(count: number): boolean;
}

/** `YYYY-MM-DD` of this PC's calendar: "once a day" is the clerk's day, not UTC's. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * One system notification a day when something is overdue (issue 25). The day is remembered in main's
 * settings file, so quitting and starting again the same day stays quiet. A report of 0 does not use up
 * the day: a later start of the same day with late work still says so.
 */
export function createOverdueNotifier(deps: OverdueNotifierDeps): OverdueNotifier {
  const now = deps.now ?? (() => new Date());
  // Electron drops a notification's click handler once the object is garbage collected: hold it until clicked.
  const held = new Set<NotificationLike>();
  return {
    report(count) {
      if (count <= 0 || !deps.isSupported()) return false;
      const today = localDay(now());
      if (deps.settings.getOverdueNotifiedOn() === today) return false;
      const notification = deps.createNotification({
        title: reminderMessages.title,
        body: reminderMessages.overdue(count),
      });
      notification.on('click', () => {
        held.delete(notification);
        deps.open(overdueListPath);
      });
      held.add(notification);
      notification.show();
      deps.settings.setOverdueNotifiedOn(today);
      return true;
    },
  };
}
