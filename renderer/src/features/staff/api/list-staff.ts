import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { type Staff, staffEndpoints } from '../../../../../contract/staff';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';
import { queryKeys } from '../../../api/query-keys';

export const listStaff = (page: number, options?: RequestOptions): Promise<Paged<Staff>> =>
  call(staffEndpoints.list, { query: { page, limit: PAGE_SIZE } }, options);

export const staffQueryKey = queryKeys.staff;

/** The staff list has no filters; the factory takes them so every list hook reads alike. */
export const listStaffQuery = (filters: FilterValues, page: number) =>
  queryOptions({
    queryKey: [...staffQueryKey, 'list', filters, page] as const,
    queryFn: ({ signal }) => listStaff(page, { signal }),
  });
