import { customerEndpoints, type CustomerType, type CustomerTypeBody } from '../../../../../contract/customer';
import { call } from '../../../api/call';

/** The dialog shows every failure itself, next to the name the clerk typed. */
export const updateCustomerType = (id: number, body: CustomerTypeBody): Promise<CustomerType> =>
  call(customerEndpoints.updateType, { params: { id }, body }, { silent: true });
