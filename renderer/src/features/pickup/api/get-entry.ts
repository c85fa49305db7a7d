import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Entry, pickupEndpoints } from '../../../../../contract/pickup';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { pickupsQueryKey } from './list-pickups';

export const getEntry = (entryId: number, options?: RequestOptions): Promise<Entry> =>
  call(pickupEndpoints.read, { query: { entryId } }, options);

export const entryQueryKey = (entryId: number) => [...pickupsQueryKey, 'entry', entryId] as const;

export const getEntryQuery = (entryId: number) =>
  queryOptions({ queryKey: entryQueryKey(entryId), queryFn: ({ signal }) => getEntry(entryId, { signal }) });

/** One check-in (the edit form and the detail page). */
export function useEntry(entryId: number | undefined) {
  return useQuery({
    ...getEntryQuery(entryId ?? 0),
    enabled: entryId !== undefined && entryId > 0,
    // A form must not be refilled under the clerk's typing when the window regains focus.
    refetchOnWindowFocus: false,
  });
}
