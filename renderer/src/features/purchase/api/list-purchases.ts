import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { type PurchaseListItem, purchaseEndpoints } from '../../../../../contract/purchase';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';
import { queryKeys } from '../../../api/query-keys';

export const listPurchases = (
  page: number,
  filters: FilterValues,
  options?: RequestOptions,
): Promise<Paged<PurchaseListItem>> =>
  call(purchaseEndpoints.list, { query: { ...filters, page, limit: PAGE_SIZE } }, options);

/** Every purchase-contract query sits under this key: a save refreshes the list and the details. */
export const purchasesQueryKey = queryKeys.purchases;

export const listPurchasesQuery = (filters: FilterValues, page: number) =>
  queryOptions({
    queryKey: [...purchasesQueryKey, 'list', filters, page] as const,
    queryFn: ({ signal }) => listPurchases(page, filters, { signal }),
  });
