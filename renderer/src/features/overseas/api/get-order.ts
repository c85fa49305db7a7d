import { queryOptions } from '@tanstack/react-query';
import { type Order, overseasEndpoints } from '../../../../../contract/overseas';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { ordersQueryKey } from './list-orders';

export const getOrder = (id: number, options?: RequestOptions): Promise<Order> =>
  call(overseasEndpoints.get, { params: { id } }, options);

export const orderQueryKey = (id: number) => [...ordersQueryKey, 'detail', id] as const;

/** One contract with its cars, receipts and records (the detail page and the edit form). */
export const getOrderQuery = (id: number) =>
  queryOptions({ queryKey: orderQueryKey(id), queryFn: ({ signal }) => getOrder(id, { signal }) });
