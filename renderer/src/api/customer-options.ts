import { queryOptions } from '@tanstack/react-query';
import { customerEndpoints, type CustomerOption } from '../../../contract/customer';
import { call } from './call';
import type { RequestOptions } from './http-client';

/** Every customer (`GET /api/customer/all`), for the contract forms' customer and agent suggestions. */
export const listCustomerOptions = (options?: RequestOptions): Promise<CustomerOption[]> =>
  call(customerEndpoints.all, {}, options);

/** Under the customers key: saving or deleting a customer refreshes the suggestions too. */
export const customerOptionsQueryKey = ['customers', 'all'] as const;

export const customerOptionsQuery = () =>
  queryOptions({
    queryKey: customerOptionsQueryKey,
    queryFn: ({ signal }) => listCustomerOptions({ signal }),
    refetchOnWindowFocus: false,
  });
