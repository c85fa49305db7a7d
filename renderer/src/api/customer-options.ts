import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { customerEndpoints, type CustomerOption, type CustomerTypeKind } from '../../../contract/customer';
import { call } from './call';
import type { RequestOptions } from './http-client';
import { queryKeys } from './query-keys';

/**
 * The contract forms' customer and agent suggestions, searched on the server as the clerk types
 * (`GET /api/customer/search`: at most 20, best matches first). Loading every customer
 * (`GET /api/customer/all`) stopped being possible at a company's size.
 */
export const searchCustomerOptions = (
  query: { name?: string; type_id?: number; kind?: CustomerTypeKind },
  options?: RequestOptions,
): Promise<CustomerOption[]> => call(customerEndpoints.search, { query }, options);

/** Under the customers key: saving or deleting a customer refreshes the suggestions too. */
export const customerOptionsQueryKey = [...queryKeys.customers, 'search'] as const;

/**
 * The customers of a kind whose name holds `name`: `seller` for the purchase form, `customer` (neither
 * agents nor sellers) for the overseas form's customer, `agent` for its agent. The server narrows, so
 * the 20 it answers are all of the kind.
 */
export const customerOptionsQuery = (name: string, kind: CustomerTypeKind) =>
  queryOptions({
    queryKey: [...customerOptionsQueryKey, kind, name] as const,
    queryFn: ({ signal }) => searchCustomerOptions({ ...(name ? { name } : {}), kind }, { signal }),
    // The previous suggestions stay while the next ones load: the list does not flash empty as the clerk types.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
