import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { type OrderListItem, overseasEndpoints } from '../../../../../contract/overseas';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';
import { queryKeys } from '../../../api/query-keys';

export const listOrders = (
  page: number,
  filters: FilterValues,
  options?: RequestOptions,
): Promise<Paged<OrderListItem>> =>
  call(overseasEndpoints.list, { query: { ...filters, page, limit: PAGE_SIZE } }, options);

/** Every overseas-contract query sits under this key: a save refreshes the list and the details. */
export const ordersQueryKey = queryKeys.orders;

export const listOrdersQuery = (filters: FilterValues, page: number) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'list', filters, page] as const,
    queryFn: ({ signal }) => listOrders(page, filters, { signal }),
  });
