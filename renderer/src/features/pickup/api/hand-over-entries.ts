import { pickupEndpoints } from '../../../../../contract/pickup';
import type { HandOverAnswer } from '../../../../../contract/stage';
import { call } from '../../../api/call';

/** 移交车管: the purchase contracts' checked-in vehicles go to the registry; the screen says what stayed. */
export const handOverEntries = (purchaseIds: number[]): Promise<HandOverAnswer> =>
  call(pickupEndpoints.handOver, { body: { purchase_id: purchaseIds } }, { silent: true });

/** 免入库: one vehicle, or a whole purchase contract, goes to the registry without a check-in. */
export const skipEntry = (target: { carId: number } | { purchaseId: number }): Promise<HandOverAnswer> =>
  call(pickupEndpoints.noEntry, { query: target }, { silent: true });
