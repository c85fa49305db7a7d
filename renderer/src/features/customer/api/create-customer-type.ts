import { customerPaths, type CustomerTypeBody } from '../../../../../contract/customer';
import { apiPost } from '../../../api/http-client';

/** The dialog shows every failure itself, next to the name the clerk typed. */
export const createCustomerType = (body: CustomerTypeBody): Promise<{ id: number }> =>
  apiPost<{ id: number }>(customerPaths.types, body, { silent: true });
