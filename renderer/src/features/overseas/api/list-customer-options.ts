import { customerPaths, type CustomerOption } from '../../../../../contract/customer';
import { apiGet } from '../../../api/http-client';

/** Every customer, for the form's customer and agent suggestions. */
export const listCustomerOptions = (): Promise<CustomerOption[]> => apiGet<CustomerOption[]>(customerPaths.all);
