import { queryOptions } from '@tanstack/react-query';
import { customerEndpoints, type CustomerType } from '../../../contract/customer';
import { call } from './call';
import type { RequestOptions } from './http-client';
import { queryKeys } from './query-keys';

/** The customer types (`GET /api/customerType`): the customer screens' tabs and the contract form's choice. */
export const listCustomerTypes = (options?: RequestOptions): Promise<CustomerType[]> =>
  call(customerEndpoints.listTypes, {}, options);

export const customerTypesQueryKey = queryKeys.customerTypes;

export const customerTypesQuery = () =>
  queryOptions({ queryKey: customerTypesQueryKey, queryFn: ({ signal }) => listCustomerTypes({ signal }) });
