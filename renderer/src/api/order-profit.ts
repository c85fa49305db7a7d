/**
 * What an overseas contract and each of its cars earned (`GET /api/order/{id}/profit`, issue 26), read by
 * the contract detail's 利润 tab and the vehicle file's figures. Under the contracts' key: a receipt, a
 * filing amount or a contract saved anywhere marks the contracts stale, and the profit with them.
 */
import { queryOptions } from '@tanstack/react-query';
import { type OrderProfit, profitEndpoints } from '../../../contract/profit';
import { call } from './call';
import type { RequestOptions } from './http-client';
import { queryKeys } from './query-keys';

export const orderProfitQueryKey = [...queryKeys.orders, 'profit'] as const;

export const readOrderProfit = (id: number, options?: RequestOptions): Promise<OrderProfit> =>
  call(profitEndpoints.order, { params: { id } }, options);

export const orderProfitQuery = (id: number) =>
  queryOptions({
    queryKey: [...orderProfitQueryKey, id] as const,
    // Silent: the 利润 tab and the vehicle file say a failure themselves; the receipts just go without it.
    queryFn: ({ signal }) => readOrderProfit(id, { signal, silent: true }),
  });
