import { useQuery } from '@tanstack/react-query';
import { customerTypesQuery } from '../../../api/customer-types';

/** Both customer screens and the drawer read the types; a change on the type page refreshes them all. */
export const useCustomerTypes = () => useQuery(customerTypesQuery());
