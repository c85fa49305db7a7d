/**
 * The overseas contract a purchase form was opened for (`/purchase/add?order_id=<id>`, the overseas list's
 * and detail page's 新建采购合同): its number and customer (the overseas detail's own query, one cache entry),
 * and its cars no purchase contract holds yet (what 导入海外合同车辆 would add).
 */
import { useQuery } from '@tanstack/react-query';
import { type Order, overseasEndpoints } from '../../../../../contract/overseas';
import { call } from '../../../api/call';
import { queryKeys } from '../../../api/query-keys';
import { importOrderCars } from './import-order-cars';
import { purchasesQueryKey } from './list-purchases';

export interface LinkedOrder {
  id: number;
  order_no: string;
  customer_name: string;
}

/** `?order_id=` when it is a whole number above 0. */
export const linkedOrderId = (search: URLSearchParams): number | undefined => {
  const text = search.get('order_id');
  return text !== null && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined;
};

export function useLinkedOrder(orderId: number | undefined) {
  return useQuery({
    queryKey: [...queryKeys.orders, 'detail', orderId ?? 0] as const,
    queryFn: ({ signal }) => call(overseasEndpoints.get, { params: { id: orderId ?? 0 } }, { signal }),
    enabled: orderId !== undefined,
    select: (order: Order): LinkedOrder => ({
      id: order.id,
      order_no: order.order_no,
      customer_name: order.customer_name,
    }),
    refetchOnWindowFocus: false,
  });
}

/** The linked contract's cars still to be bought, asked once its number is known. */
export function useImportableCars(orderNo: string | undefined) {
  return useQuery({
    queryKey: [...purchasesQueryKey, 'importable', orderNo ?? ''] as const,
    queryFn: () => importOrderCars(orderNo ?? ''),
    enabled: orderNo !== undefined,
    refetchOnWindowFocus: false,
  });
}
