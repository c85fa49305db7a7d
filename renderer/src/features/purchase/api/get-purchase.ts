import { queryOptions } from '@tanstack/react-query';
import { type Purchase, purchaseEndpoints } from '../../../../../contract/purchase';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { purchasesQueryKey } from './list-purchases';

export const getPurchase = (id: number, options?: RequestOptions): Promise<Purchase> =>
  call(purchaseEndpoints.get, { params: { id } }, options);

export const purchaseQueryKey = (id: number) => [...purchasesQueryKey, 'detail', id] as const;

/** One contract with its cars and remittances (the info page and the edit form). */
export const getPurchaseQuery = (id: number) =>
  queryOptions({ queryKey: purchaseQueryKey(id), queryFn: ({ signal }) => getPurchase(id, { signal }) });
