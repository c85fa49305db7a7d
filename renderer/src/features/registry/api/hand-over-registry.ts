import { registryEndpoints } from '../../../../../contract/registry';
import type { HandOverAnswer } from '../../../../../contract/stage';
import { call } from '../../../api/call';

/** `transferHandOver`: the plated or transferred vehicles of these purchase contracts go to release and export. */
export const handOverRegistry = (purchaseIds: readonly number[]): Promise<HandOverAnswer> =>
  call(registryEndpoints.handOver, { body: { purchase_id: [...purchaseIds] } }, { silent: true });

/**
 * `transferHandOver` with `order_id`: every purchase contract of that overseas contract still holding a
 * vehicle in the registry, new and used cars at once (the list's 按海外合同移交).
 */
export const handOverRegistryOrder = (orderId: number): Promise<HandOverAnswer> =>
  call(registryEndpoints.handOver, { body: { order_id: orderId } }, { silent: true });
