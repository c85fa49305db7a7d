import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { customerEndpoints, type Customer } from '../../../../../contract/customer';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';
import { queryKeys } from '../../../api/query-keys';

export interface CustomerListParams {
  page: number;
  typeId: number;
  /** What the filter bar sent: `name`, `start_time`, `end_time`. */
  filters: FilterValues;
}

export const listCustomers = (
  { page, typeId, filters }: CustomerListParams,
  options?: RequestOptions,
): Promise<Paged<Customer>> =>
  call(customerEndpoints.list, { query: { ...filters, type_id: typeId, page, limit: PAGE_SIZE } }, options);

/** Every customer query sits under this key: a save refreshes the lists and the suggestions. */
export const customersQueryKey = queryKeys.customers;

/** The list of one customer type's tab: `filters` is the filter bar's values plus `type_id`. */
export const listCustomersQuery = (filters: FilterValues & { type_id: number }, page: number) =>
  queryOptions({
    queryKey: [...customersQueryKey, 'list', filters, page] as const,
    queryFn: ({ signal }) => {
      const { type_id: typeId, ...rest } = filters;
      return listCustomers({ page, typeId, filters: rest }, { signal });
    },
  });
