import { type PurchaseBodyInput, purchaseEndpoints } from '../../../../../contract/purchase';
import { call } from '../../../api/call';

/** The form shows the server's refusal itself (above the fields), so the client's toast stays quiet. */
export const createPurchase = (body: PurchaseBodyInput): Promise<{ id: number }> =>
  call(purchaseEndpoints.create, { body }, { silent: true });
