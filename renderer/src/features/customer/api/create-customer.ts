import { customerPaths, type CustomerBody } from '../../../../../contract/customer';
import { apiPost } from '../../../api/http-client';

/** The drawer shows every failure itself and keeps what was typed. */
export const createCustomer = (body: CustomerBody): Promise<{ id: number }> =>
  apiPost<{ id: number }>(customerPaths.list, body, { silent: true });
