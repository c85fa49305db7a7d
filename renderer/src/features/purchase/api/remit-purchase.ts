import { type RemitBodyInput, purchaseEndpoints } from '../../../../../contract/purchase';
import { call } from '../../../api/call';

/** The dialog shows a refusal itself. */
export const remitPurchase = (id: number, body: RemitBodyInput): Promise<{ id: number }> =>
  call(purchaseEndpoints.remit, { params: { id }, body }, { silent: true });
