/**
 * Everything that happened to one vehicle (`GET /api/history?vehicle_id=`, API.md "Beyond the seeds"):
 * the first piece of the vehicle file, whose history tab (issue 22's successor) reads it through
 * `vehicleHistoryQuery`. Newest first, a page at a time, as the server gives it.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged } from '../../../../../contract/common';
import { type HistoryEvent, historyEndpoints } from '../../../../../contract/history';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';

/** Every query of the vehicle area sits under this key, so one save can make all of a car's data stale. */
export const vehicleQueryKey = queryKeys.vehicle;

/** One vehicle's history, all its pages: what a write to that car makes stale. */
export const vehicleHistoryQueryKey = (vehicleId: number) => [...vehicleQueryKey, vehicleId, 'history'] as const;

export const readVehicleHistory = (
  vehicleId: number,
  page: number,
  options?: RequestOptions,
): Promise<Paged<HistoryEvent>> => call(historyEndpoints.list, { query: { vehicle_id: vehicleId, page } }, options);

export const vehicleHistoryQuery = (vehicleId: number, page = 1) =>
  queryOptions({
    queryKey: [...vehicleHistoryQueryKey(vehicleId), page] as const,
    queryFn: ({ signal }) => readVehicleHistory(vehicleId, page, { signal }),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
