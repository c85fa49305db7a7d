import { customerEndpoints, type CustomerTypeBody } from '../../../../../contract/customer';
import { call } from '../../../api/call';

/** The dialog shows every failure itself, next to the name the clerk typed. */
export const createCustomerType = (body: CustomerTypeBody): Promise<{ id: number }> =>
  call(customerEndpoints.createType, { body }, { silent: true });
