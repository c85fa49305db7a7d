import { type PurchaseUpdateBodyInput, purchaseEndpoints } from '../../../../../contract/purchase';
import { call } from '../../../api/call';

/** `updated_at` is the stale-save guard (API.md); the form shows a refusal itself. */
export const updatePurchase = (id: number, body: PurchaseUpdateBodyInput): Promise<{ id: number }> =>
  call(purchaseEndpoints.update, { params: { id }, body }, { silent: true });
