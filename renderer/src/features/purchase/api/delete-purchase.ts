import { purchaseEndpoints } from '../../../../../contract/purchase';
import { call } from '../../../api/call';

/** 204; the list says 删除成功! itself (a refusal, 409 once a car was handed over, is the client's toast). */
export const deletePurchase = async (id: number): Promise<void> => {
  await call(purchaseEndpoints.delete, { params: { id } }, { successToast: false });
};
