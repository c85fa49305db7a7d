import { z } from 'zod';
import { desktopChannels } from '../../contract/desktop-api';
import { overdueCountSchema } from '../../contract/desktop-schemas';
import type { OverdueNotifier } from '../overdue-notification';
import { guarded, type IpcHandlersFor, type SenderCheck } from './ipc-guard';

export interface RemindersIpcDeps {
  isTrusted: SenderCheck;
  notifier: OverdueNotifier;
}

/** The page's overdue count after login (issue 25): main decides whether today's notification is due. */
export function remindersIpcHandlers({
  isTrusted,
  notifier,
}: RemindersIpcDeps): IpcHandlersFor<'remindersReportOverdue'> {
  return {
    [desktopChannels.remindersReportOverdue]: guarded(isTrusted, z.tuple([overdueCountSchema]), ([count]) =>
      notifier.report(count),
    ),
  };
}
