/**
 * The history of a record or of a vehicle (`GET /api/history`, API.md "Beyond the seeds"), read by every
 * 变更记录 view (components/history-list.tsx) and the vehicle file. Newest first, a page of 15 at a time,
 * as the server gives it.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged } from '../../../contract/common';
import { type HistoryEntity, type HistoryEvent, historyEndpoints } from '../../../contract/history';
import { call } from './call';
import type { RequestOptions } from './http-client';
import { queryKeys } from './query-keys';

/** Whose history: one record (a contract's holds its car lines' and receipts' too), or one vehicle. */
export type HistoryTarget = { entity: HistoryEntity; id: number | string } | { vehicleId: number };

/**
 * One vehicle's history, all its pages. It sits under the vehicle area's key, so a write that makes a
 * car's data stale (`queryKeys.vehicle`) refreshes its history too.
 */
export const vehicleHistoryQueryKey = (vehicleId: number) => [...queryKeys.vehicle, vehicleId, 'history'] as const;

/** One record's history, all its pages. */
export const recordHistoryQueryKey = (entity: HistoryEntity, id: number | string) =>
  [...queryKeys.history, entity, String(id)] as const;

export const historyQueryKey = (target: HistoryTarget) =>
  'vehicleId' in target ? vehicleHistoryQueryKey(target.vehicleId) : recordHistoryQueryKey(target.entity, target.id);

export const readHistory = (
  target: HistoryTarget,
  page: number,
  options?: RequestOptions,
): Promise<Paged<HistoryEvent>> =>
  call(
    historyEndpoints.list,
    {
      query:
        'vehicleId' in target
          ? { vehicle_id: target.vehicleId, page }
          : { entity: target.entity, id: String(target.id), page },
    },
    options,
  );

export const historyQuery = (target: HistoryTarget, page = 1) =>
  queryOptions({
    queryKey: [...historyQueryKey(target), page] as const,
    queryFn: ({ signal }) => readHistory(target, page, { signal }),
    // A history tab opened again shows what happened since, not what the cache held.
    staleTime: 0,
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });

/** A vehicle's history (the vehicle file's tab): `historyQuery({ vehicleId }, page)`. */
export const vehicleHistoryQuery = (vehicleId: number, page = 1) => historyQuery({ vehicleId }, page);
