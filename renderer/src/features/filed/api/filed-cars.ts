import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CarListFlag, type CarListItem, vehicleEndpoints } from '../../../../../contract/vehicle';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';

/** Every filing query sits under this key: a save makes the list, the candidates and the records stale. */
export const filedQueryKey = queryKeys.filed;

/** Which record the vehicles still lack, per filing form. */
export type FiledStep = 'drawback' | 'archive' | 'freight';
const flagOf: Record<FiledStep, CarListFlag> = {
  drawback: 'if_drawback',
  archive: 'if_archive',
  freight: 'if_freight',
};

/** `carLists`: the contract's vehicles in filing still without that record (the left pane). */
export const listWaitingCars = (orderId: number, step: FiledStep, options?: RequestOptions): Promise<CarListItem[]> =>
  call(vehicleEndpoints.carLists, { query: { order_id: orderId, [flagOf[step]]: 1 } }, options);

export const waitingCarsQuery = (orderId: number, step: FiledStep) =>
  queryOptions({
    queryKey: [...filedQueryKey, 'waiting', step, orderId] as const,
    queryFn: ({ signal }) => listWaitingCars(orderId, step, { signal }),
    // What waits changes as other clerks save their records.
    staleTime: 0,
  });

export function useWaitingCars(orderId: number | undefined, step: FiledStep) {
  return useQuery({
    ...waitingCarsQuery(orderId ?? 0, step),
    enabled: orderId !== undefined && orderId > 0,
    refetchOnWindowFocus: false,
  });
}
