import { orderPaths, type OrderBodyInput } from '../../../../../contract/overseas';
import { apiPost } from '../../../api/http-client';

/** The form shows the server's refusal itself (above the fields), so the client's toast stays quiet. */
export const createOrder = (body: OrderBodyInput): Promise<{ id: number }> =>
  apiPost<{ id: number }>(orderPaths.list, body, { silent: true });
