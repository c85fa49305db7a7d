import { queryOptions } from '@tanstack/react-query';
import { dashboardEndpoints, type DashboardCounts, type ProcedureStatistics } from '../../../../../contract/dashboard';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';

export const fetchDashboard = (options?: RequestOptions): Promise<DashboardCounts> =>
  call(dashboardEndpoints.counts, {}, options);

export const dashboardQueryKey = queryKeys.dashboard;

export const dashboardQuery = () =>
  queryOptions({ queryKey: dashboardQueryKey, queryFn: ({ signal }) => fetchDashboard({ signal }) });

export const fetchWaitingWork = (options?: RequestOptions): Promise<ProcedureStatistics> =>
  call(dashboardEndpoints.procedureStatistics, {}, options);

export const waitingWorkQueryKey = [...queryKeys.dashboard, 'waiting'] as const;
