import { customerPaths, type CustomerTypeBody } from '../../../../../contract/customer';
import { apiPut } from '../../../api/http-client';

/** The dialog shows every failure itself, next to the name the clerk typed. */
export const updateCustomerType = (id: number, body: CustomerTypeBody): Promise<unknown> =>
  apiPut(customerPaths.type(id), body, { silent: true });
