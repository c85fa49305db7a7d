import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { type ProcedureListItem, procedureEndpoints } from '../../../../../contract/filed-query-list';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';
import { queryKeys } from '../../../api/query-keys';

export const listProcedures = (
  page: number,
  filters: FilterValues,
  options?: RequestOptions,
  limit: number = PAGE_SIZE,
): Promise<Paged<ProcedureListItem>> => call(procedureEndpoints.list, { query: { ...filters, page, limit } }, options);

/** The archive query's pages; any stage save elsewhere leaves them to 刷新 or the next search. */
export const proceduresQueryKey = queryKeys.filedQueryList;

export const listProceduresQuery = (filters: FilterValues, page: number) =>
  queryOptions({
    queryKey: [...proceduresQueryKey, 'list', filters, page] as const,
    queryFn: ({ signal }) => listProcedures(page, filters, { signal }),
  });
