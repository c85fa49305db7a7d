/**
 * A vehicle enters the purchase flow when a purchase contract names it, and leaves it (no flow: nothing
 * bought) when it is removed from that contract before the hand-over. Vehicles further on are left alone.
 */
import type { Db } from '../db/database';
import { nowIso } from '../time';
import { moveFlow } from './lifecycle.repository';

/** Vehicles a saved purchase contract holds; answers those that entered the purchase flow now. */
export const enterPurchase = (trx: Db, vehicleIds: readonly number[]): Promise<number[]> =>
  moveFlow(trx, vehicleIds, null, 'purchase', nowIso());

/** Vehicles removed from their purchase contract while still in purchase. */
export const leavePurchase = (trx: Db, vehicleIds: readonly number[]): Promise<number[]> =>
  moveFlow(trx, vehicleIds, 'purchase', null, nowIso());
