import { queryOptions } from '@tanstack/react-query';
import {
  type ProcedureRead,
  procedureReadEndpoints,
  type PurchaseListsItem,
} from '../../../../../contract/filed-business-info';
import { type Purchase, purchaseEndpoints } from '../../../../../contract/purchase';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { ORDERS_QUERY_KEY } from './filed-order';
import { queryKeys } from '../../../api/query-keys';

/** Everything the business information page shows for one vehicle (`procedureRead`). */
export const readProcedure = (carId: number, options?: RequestOptions): Promise<ProcedureRead> =>
  call(procedureReadEndpoints.read, { query: { procedureId: carId } }, options);

/**
 * Under the overseas area's key: the answer holds the contract (receipts, filing records), so a receipt
 * edited here or a filing record saved anywhere, which make `['orders']` stale, refresh it too.
 */
export const procedureReadQuery = (carId: number) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'procedure-read', carId] as const,
    queryFn: ({ signal }) => readProcedure(carId, { signal }),
  });

/** The purchase contracts holding vehicles of the overseas contract (`getPurchaseLists`). */
export const purchaseListsQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'purchase-lists', orderId] as const,
    queryFn: ({ signal }): Promise<PurchaseListsItem[]> =>
      call(procedureReadEndpoints.purchaseLists, { query: { order_id: orderId } }, { signal }),
  });

/**
 * The purchase area's key (features/purchase/api/list-purchases.ts; features do not import each other):
 * the chosen contract is the very query of its info page, one cache entry, made stale by its saves.
 */
const PURCHASES_QUERY_KEY = queryKeys.purchases;

/** One purchase contract with its cars and remittances (`GET /api/purchase/{id}`), for the purchase tab. */
export const purchaseQuery = (id: number) =>
  queryOptions({
    queryKey: [...PURCHASES_QUERY_KEY, 'detail', id] as const,
    queryFn: ({ signal }): Promise<Purchase> => call(purchaseEndpoints.get, { params: { id } }, { signal }),
  });
