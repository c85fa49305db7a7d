import { customerEndpoints, type CustomerBody } from '../../../../../contract/customer';
import { call } from '../../../api/call';

/** The drawer shows every failure itself and keeps what was typed. */
export const createCustomer = (body: CustomerBody): Promise<{ id: number }> =>
  call(customerEndpoints.create, { body }, { silent: true });
