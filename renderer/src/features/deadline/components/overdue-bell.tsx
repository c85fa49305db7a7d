/**
 * The top bar's bell (issue 25): how many deadlines are overdue, opening the list of them. The count is
 * the dashboard's (one request serves both), read at most once a minute as the clerk moves between
 * screens and every five minutes while the app stays open. After login it tells the desktop shell the
 * count once, which shows that day's system notification; the notification's click comes back here
 * (`desktop.reminders.onOpen`) and opens the list in the window.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Badge, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { desktop } from '../../../platform/desktop';
import { overdueCountQuery } from '../api/deadline-api';
import { deadlinePaths } from '../deadline-paths';

/** Only the app's own screens: main sends the deadline list's path, nothing else is followed. */
const isAppPath = (path: string) => path.startsWith('/') && !path.startsWith('//');

export function OverdueBell() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const counts = useQuery(overdueCountQuery());
  const overdue = counts.data?.overdue;
  const reported = useRef(false);

  // A new screen asks again when the count is older than a minute (staleTime): never on every click.
  useEffect(() => {
    void queryClient.prefetchQuery(overdueCountQuery());
  }, [pathname, queryClient]);

  useEffect(() => {
    if (reported.current || overdue === undefined) return;
    reported.current = true;
    desktop.reminders.reportOverdue(overdue).catch(() => undefined);
  }, [overdue]);

  useEffect(
    () =>
      desktop.reminders.onOpen((path) => {
        if (isAppPath(path)) navigate(path);
      }),
    [navigate],
  );

  const label = overdue ? `到期提醒：已逾期 ${overdue} 项` : '到期提醒';
  return (
    <Tooltip title={label}>
      <button
        type="button"
        className="nav-icon-button overdue-bell"
        aria-label={label}
        onClick={() => navigate(deadlinePaths.listOf('overdue'))}
      >
        <Badge count={overdue ?? 0} size="small" overflowCount={99}>
          <BellOutlined />
        </Badge>
      </button>
    </Tooltip>
  );
}
