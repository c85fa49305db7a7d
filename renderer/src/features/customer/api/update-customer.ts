import { customerEndpoints, type Customer, type CustomerUpdateBody } from '../../../../../contract/customer';
import { call } from '../../../api/call';

/** The drawer shows every failure itself (a stale save's 409 included) and keeps what was typed. */
export const updateCustomer = (id: number, body: CustomerUpdateBody): Promise<Customer> =>
  call(customerEndpoints.update, { params: { id }, body }, { silent: true });
