import { type HandOverAnswer } from '../../../../../contract/stage';
import { purchaseEndpoints } from '../../../../../contract/purchase';
import { call } from '../../../api/call';

/** `no_entry=1` sends the cars on past the yard to the registry (免入库) in the same step. */
const handOverQuery = (skipYard: boolean) => (skipYard ? { no_entry: '1' as const } : {});

/** 移交入库: this contract's cars go to check-in (or, 免入库, to the registry); the answer names those that stayed. */
export const handOverPurchase = (id: number, skipYard = false): Promise<HandOverAnswer> =>
  call(purchaseEndpoints.handOver, { params: { id }, query: handOverQuery(skipYard) });

/** 批量移交: every contract not yet handed over under the same overseas contract. */
export const batchHandOverPurchase = (id: number, skipYard = false): Promise<HandOverAnswer> =>
  call(purchaseEndpoints.batchHandOver, { params: { id }, query: handOverQuery(skipYard) });
