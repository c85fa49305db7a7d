import { registryEndpoints } from '../../../../../contract/registry';
import type { HandOverAnswer } from '../../../../../contract/stage';
import { call } from '../../../api/call';

/** `transferHandOver`: the plated or transferred vehicles of these purchase contracts go to release and export. */
export const handOverRegistry = (purchaseIds: readonly number[]): Promise<HandOverAnswer> =>
  call(registryEndpoints.handOver, { body: { purchase_id: [...purchaseIds] } }, { silent: true });
