import { useQuery } from '@tanstack/react-query';
import { listCustomerTypes } from '../api/list-customer-types';

/** Both customer screens and the drawer read the types; a change on the type page refreshes them all. */
export const customerTypesQueryKey = ['customer-types'] as const;
export const customersQueryKey = ['customers'] as const;

export const useCustomerTypes = () => useQuery({ queryKey: customerTypesQueryKey, queryFn: listCustomerTypes });
