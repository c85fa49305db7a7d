/**
 * The next car of the same overseas contract that still needs its registry record (a new car its plating,
 * a used car its transfer): what a registry form's 继续录入下一辆 opens, so that a contract of several cars
 * is done form after form without going back to the list and switching tabs (issue 24).
 */
import { useQuery } from '@tanstack/react-query';
import { type RegistryListItem, type RegistryStage, registryEndpoints } from '../../../../../contract/registry';
import { call } from '../../../api/call';
import { registryScreens } from '../registry-format';
import { registryQueryKey } from './list-registry';

export interface NextRegistryCar {
  stage: RegistryStage;
  vin: string;
  path: string;
}

/** A contract's cars in the registry rarely pass a page; the next one is among the first. */
const NEXT_LOOKUP_LIMIT = 50;

const withoutRecord = (stage: RegistryStage, rows: RegistryListItem[], exceptCarId: number | undefined) =>
  rows.find((row) => row.id !== exceptCarId && row[stage].length === 0);

export function useNextRegistryCar(orderId: number | undefined, exceptCarId: number | undefined) {
  return useQuery({
    queryKey: [...registryQueryKey, 'next', orderId ?? 0, exceptCarId ?? 0] as const,
    enabled: orderId !== undefined,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }): Promise<NextRegistryCar | null> => {
      const query = { order_id: orderId, page: 1, limit: NEXT_LOOKUP_LIMIT };
      const [plates, transfers] = await Promise.all([
        call(registryEndpoints.plateList, { query: { ...query, type: 1 } }, { signal, silent: true }),
        call(registryEndpoints.transferList, { query: { ...query, type: 2 } }, { signal, silent: true }),
      ]);
      for (const [stage, rows] of [
        ['plate', plates.data],
        ['transfer', transfers.data],
      ] as const) {
        const car = withoutRecord(stage, rows, exceptCarId);
        if (car) {
          return { stage, vin: car.vin, path: registryScreens[stage].addFor(car.order_id, car.purchase_id, car.id) };
        }
      }
      return null;
    },
  });
}
