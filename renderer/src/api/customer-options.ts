import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { customerEndpoints, type CustomerOption } from '../../../contract/customer';
import { call } from './call';
import type { RequestOptions } from './http-client';
import { queryKeys } from './query-keys';

/**
 * The contract forms' customer and agent suggestions, searched on the server as the clerk types
 * (`GET /api/customer/search`: at most 20, best matches first). Loading every customer
 * (`GET /api/customer/all`) stopped being possible at a company's size.
 */
export const searchCustomerOptions = (
  query: { name?: string; type_id?: number },
  options?: RequestOptions,
): Promise<CustomerOption[]> => call(customerEndpoints.search, { query }, options);

/** Under the customers key: saving or deleting a customer refreshes the suggestions too. */
export const customerOptionsQueryKey = [...queryKeys.customers, 'search'] as const;

export const customerOptionsQuery = (name: string, typeId?: number) =>
  queryOptions({
    queryKey: [...customerOptionsQueryKey, typeId ?? null, name] as const,
    queryFn: ({ signal }) =>
      searchCustomerOptions({ ...(name ? { name } : {}), ...(typeId ? { type_id: typeId } : {}) }, { signal }),
    // The previous suggestions stay while the next ones load: the list does not flash empty as the clerk types.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
