import { customerPaths, type CustomerType } from '../../../../../contract/customer';
import { apiGet } from '../../../api/http-client';

export const listCustomerTypes = (): Promise<CustomerType[]> => apiGet<CustomerType[]>(customerPaths.types);
