/**
 * What the export declaration form chooses from: the overseas contracts whose number contains what the
 * clerk typed (`GET /api/order/search`, the newest 20), and a contract's vehicles waiting for export
 * (`GET /api/car/carLists?order_id=&if_exports=1`).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Order, type OrderSearchItem, overseasEndpoints } from '../../../../../contract/overseas';
import { type CarListItem, vehicleEndpoints } from '../../../../../contract/vehicle';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { exportsQueryKey } from './exports-read';
import { queryKeys } from '../../../api/query-keys';

export const searchExportContracts = (orderNo: string, options?: RequestOptions): Promise<OrderSearchItem[]> =>
  call(overseasEndpoints.search, { query: { order_no: orderNo || undefined } }, options);

export function useExportContracts(orderNo: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.orders, 'search', orderNo] as const,
      queryFn: ({ signal }) => searchExportContracts(orderNo, { signal }),
      // The previous suggestions stay while the next search loads.
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

export const listExportWaitingCars = (orderId: number, options?: RequestOptions): Promise<CarListItem[]> =>
  call(vehicleEndpoints.carLists, { query: { order_id: orderId, if_exports: 1 } }, options);

export function useExportWaitingCars(orderId: number | undefined) {
  return useQuery({
    queryKey: [...exportsQueryKey, 'waiting', orderId ?? 0] as const,
    queryFn: ({ signal }) => listExportWaitingCars(orderId ?? 0, { signal }),
    enabled: orderId !== undefined && orderId > 0,
    // What waits changes as other clerks declare theirs.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * The contract the release list's 新增出口 opens the form with (`?order_id=`): its number and customer for
 * the picker. The overseas detail's own query (one cache entry with the overseas and filing screens).
 */
export function useExportContract(orderId: number | undefined) {
  return useQuery({
    queryKey: [...queryKeys.orders, 'detail', orderId ?? 0] as const,
    queryFn: ({ signal }) => call(overseasEndpoints.get, { params: { id: orderId ?? 0 } }, { signal }),
    enabled: orderId !== undefined && orderId > 0,
    select: (order: Order): OrderSearchItem => ({
      id: order.id,
      order_no: order.order_no,
      customer_name: order.customer_name,
    }),
    refetchOnWindowFocus: false,
  });
}
