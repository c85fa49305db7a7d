import { type HandOverAnswer } from '../../../../../contract/stage';
import { purchaseEndpoints } from '../../../../../contract/purchase';
import { call } from '../../../api/call';

/** 移交入库: this contract's cars go to check-in; the answer names the cars that stayed and why. */
export const handOverPurchase = (id: number): Promise<HandOverAnswer> =>
  call(purchaseEndpoints.handOver, { params: { id } });

/** 批量移交: every contract not yet handed over under the same overseas contract. */
export const batchHandOverPurchase = (id: number): Promise<HandOverAnswer> =>
  call(purchaseEndpoints.batchHandOver, { params: { id } });
