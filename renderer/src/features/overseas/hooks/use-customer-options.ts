import { useQuery } from '@tanstack/react-query';
import { listCustomerOptions } from '../api/list-customer-options';
import { listCustomerTypes } from '../api/list-customer-types';

export const customerOptionsQueryKey = ['customers', 'all'] as const;
export const customerTypesQueryKey = ['customer-types'] as const;

/** The form's customer and agent suggestions: every customer (GET /api/customer/all). */
export const useCustomerOptions = () =>
  useQuery({ queryKey: customerOptionsQueryKey, queryFn: listCustomerOptions, refetchOnWindowFocus: false });

export const useCustomerTypeOptions = () =>
  useQuery({ queryKey: customerTypesQueryKey, queryFn: listCustomerTypes, refetchOnWindowFocus: false });
