import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Order, overseasEndpoints } from '../../../../../contract/overseas';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';

/**
 * The overseas area's query key (features/overseas/api/list-orders.ts): a filing record saved here makes
 * the contract's detail page (its record view) and list stale. Features do not import each other, so the
 * key is written again; the detail below is the very query of the overseas detail page, one cache entry.
 */
export const ORDERS_QUERY_KEY = queryKeys.orders;

export const getFiledOrder = (id: number, options?: RequestOptions): Promise<Order> =>
  call(overseasEndpoints.get, { params: { id } }, options);

export const filedOrderQuery = (id: number) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => getFiledOrder(id, { signal }),
  });

/** The contract a filing screen works on: its number, customer, vehicles and records. */
export function useFiledOrder(id: number | undefined) {
  return useQuery({
    ...filedOrderQuery(id ?? 0),
    enabled: id !== undefined && id > 0,
    // A form must not be refilled under the clerk's choices when the window regains focus.
    refetchOnWindowFocus: false,
  });
}
