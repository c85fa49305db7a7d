import { pickupEndpoints, type PickupListItem } from '../../../../../contract/pickup';
import type { HandOverAnswer } from '../../../../../contract/stage';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';

/** The pickup list reads at most this many of a contract's vehicles (a contract rarely holds more). */
const WAITING_LOOKUP_LIMIT = 100;

/** The contract's vehicles still waiting at the yard (flow pickup), from the pickup list by contract number. */
export const waitingAtYard = async (
  purchase: { id: number; purchase_no: string },
  options?: RequestOptions,
): Promise<PickupListItem[]> => {
  const page = await call(
    pickupEndpoints.list,
    { query: { purchase_no: purchase.purchase_no, page: 1, limit: WAITING_LOOKUP_LIMIT } },
    { ...options, silent: true },
  );
  // The filter matches contract numbers that contain this one: keep this contract's own vehicles.
  return page.data.filter((row) => row.purchase_id === purchase.id && row.flow === 'pickup');
};

/** 免入库 for a whole contract: its vehicles go to the registry without a check-in. */
export const skipEntryForPurchase = (purchaseId: number): Promise<HandOverAnswer> =>
  call(pickupEndpoints.noEntry, { query: { purchaseId } }, { silent: true });
