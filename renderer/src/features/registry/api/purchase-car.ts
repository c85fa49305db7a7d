import { useQuery } from '@tanstack/react-query';
import { purchaseEndpoints } from '../../../../../contract/purchase';
import { call } from '../../../api/call';
import { registryQueryKey } from './list-registry';

/**
 * The VIN of a car of a purchase contract: the add links of the list (`/dmv/lincense_add/:order_id/:p_id/:id`)
 * name the car by its id, and its contract lists it. Undefined while loading; null when the contract
 * does not hold that car.
 */
export function usePurchaseCarVin(purchaseId: number | undefined, carId: number | undefined) {
  const query = useQuery({
    queryKey: [...registryQueryKey, 'purchase-car', purchaseId ?? 0, carId ?? 0],
    queryFn: ({ signal }) => call(purchaseEndpoints.get, { params: { id: purchaseId ?? 0 } }, { signal, silent: true }),
    enabled: purchaseId !== undefined && carId !== undefined,
    select: (purchase) => purchase.car.find((car) => car.id === carId)?.vin ?? null,
    refetchOnWindowFocus: false,
  });
  return query.isError ? null : query.data;
}
