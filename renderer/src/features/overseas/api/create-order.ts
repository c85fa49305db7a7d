import { type OrderBodyInput, overseasEndpoints } from '../../../../../contract/overseas';
import { call } from '../../../api/call';

/** The form shows the server's refusal itself (above the fields), so the client's toast stays quiet. */
export const createOrder = (body: OrderBodyInput): Promise<{ id: number }> =>
  call(overseasEndpoints.create, { body }, { silent: true });
