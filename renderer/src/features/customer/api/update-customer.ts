import { customerPaths, type CustomerUpdateBody } from '../../../../../contract/customer';
import { apiPut } from '../../../api/http-client';

/** The drawer shows every failure itself (a stale save's 409 included) and keeps what was typed. */
export const updateCustomer = (id: number, body: CustomerUpdateBody): Promise<unknown> =>
  apiPut(customerPaths.one(id), body, { silent: true });
