import { useQuery } from '@tanstack/react-query';
import { customerOptionsQuery } from '../../../api/customer-options';
import { customerTypesQuery } from '../../../api/customer-types';

/** The form's customer and agent suggestions: every customer (GET /api/customer/all). */
export const useCustomerOptions = () => useQuery(customerOptionsQuery());

export const useCustomerTypeOptions = () => useQuery({ ...customerTypesQuery(), refetchOnWindowFocus: false });
