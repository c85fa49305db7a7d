import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { type FiledCard, filedEndpoints } from '../../../../../contract/filed';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';
import { filedQueryKey } from './filed-cars';

export const listFiled = (
  page: number,
  filters: FilterValues,
  options?: RequestOptions,
  limit: number = PAGE_SIZE,
): Promise<Paged<FiledCard>> => call(filedEndpoints.list, { query: { ...filters, page, limit } }, options);

/** One page of the filed cards; a filing record saved anywhere makes it stale (`filedQueryKey`). */
export const listFiledQuery = (filters: FilterValues, page: number) =>
  queryOptions({
    queryKey: [...filedQueryKey, 'list', filters, page] as const,
    queryFn: ({ signal }) => listFiled(page, filters, { signal }),
  });
