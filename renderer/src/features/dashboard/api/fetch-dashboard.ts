import { queryOptions } from '@tanstack/react-query';
import { dashboardEndpoints, type DashboardCounts, type ProcedureStatistics } from '../../../../../contract/dashboard';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';

export const fetchDashboard = (options?: RequestOptions): Promise<DashboardCounts> =>
  call(dashboardEndpoints.counts, {}, options);

export const dashboardQueryKey = ['dashboard'] as const;

export const dashboardQuery = () =>
  queryOptions({ queryKey: dashboardQueryKey, queryFn: ({ signal }) => fetchDashboard({ signal }) });

export const fetchWaitingWork = (options?: RequestOptions): Promise<ProcedureStatistics> =>
  call(dashboardEndpoints.procedureStatistics, {}, options);

export const waitingWorkQueryKey = ['dashboard', 'waiting'] as const;
