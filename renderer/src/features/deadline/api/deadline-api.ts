import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { dashboardEndpoints } from '../../../../../contract/dashboard';
import {
  deadlineEndpoints,
  type DeadlineKey,
  type DeadlineRow,
  type DeadlineRule,
  type DeadlineRuleBody,
} from '../../../../../contract/deadline';
import type { ExportAnswer } from '../../../../../contract/export';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';
import type { FilterValues } from '../../../components/filter-bar';

export const deadlinesQueryKey = queryKeys.deadlines;

export const listDeadlines = (
  page: number,
  filters: FilterValues,
  options?: RequestOptions,
): Promise<Paged<DeadlineRow>> =>
  call(deadlineEndpoints.list, { query: { ...filters, page, limit: PAGE_SIZE } }, options);

export const listDeadlinesQuery = (filters: FilterValues, page: number) =>
  queryOptions({
    queryKey: [...deadlinesQueryKey, 'list', filters, page] as const,
    queryFn: ({ signal }) => listDeadlines(page, filters, { signal }),
    // Days left change with every record saved elsewhere and with the date: opening the list always asks.
    staleTime: 0,
  });

/** 导出Excel: the list's own filters, no paging. */
export const exportDeadlines = (filters: FilterValues): Promise<ExportAnswer> =>
  call(deadlineEndpoints.export, { query: filters });

export const deadlineRulesQuery = () =>
  queryOptions({
    queryKey: [...deadlinesQueryKey, 'rules'] as const,
    queryFn: ({ signal }) => call(deadlineEndpoints.rules, {}, { signal }),
    staleTime: 0,
  });

export const saveDeadlineRule = (key: DeadlineKey, body: DeadlineRuleBody): Promise<DeadlineRule> =>
  call(deadlineEndpoints.saveRule, { params: { key }, body });

/**
 * The overdue count of the top bar's bell: the dashboard's answer under the dashboard's own key, so the
 * bell and the dashboard's cards share one request. A minute fresh; read again every five minutes.
 */
export const overdueCountQuery = () =>
  queryOptions({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => call(dashboardEndpoints.counts, {}, { signal, silent: true }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
