import { customerEndpoints, type Customer } from '../../../../../contract/customer';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';

/** One customer (`GET /api/customer/{id}`): the drawer the top bar's search opens with `?open=<id>`. */
export const getCustomer = (id: number, options?: RequestOptions): Promise<Customer> =>
  call(customerEndpoints.get, { params: { id } }, options);
