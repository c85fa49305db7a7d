import { useQuery } from '@tanstack/react-query';
import { customerOptionsQuery } from '../../../api/customer-options';

/** The form's agent suggestions come from every customer (GET /api/customer/all). */
export const useCustomerOptions = () => useQuery(customerOptionsQuery());
