import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ReleaseCandidatesAnswer, releasePassEndpoints } from '../../../../../contract/release';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { releasePassesQueryKey } from './release-pass-read';

export interface ReleaseCandidatesFilter {
  /** Part of a VIN typed in the left pane's search box. */
  vin: string;
  /** The edited pass: its own vehicles are offered too. */
  releaseId?: number;
  /** The vehicles the pickup list chose (`?car=`), answered with why each cannot be released. */
  carIds: readonly number[];
}

export const listReleaseCandidates = (
  { vin, releaseId, carIds }: ReleaseCandidatesFilter,
  options?: RequestOptions,
): Promise<ReleaseCandidatesAnswer> =>
  call(
    releasePassEndpoints.candidates,
    { query: { vin, release_id: releaseId, car_id: carIds.length > 0 ? carIds.join(',') : undefined } },
    options,
  );

/** The transfer list's vehicles; the previous answer stays while a new search loads. */
export const releaseCandidatesQuery = (filter: ReleaseCandidatesFilter) =>
  queryOptions({
    queryKey: [...releasePassesQueryKey, 'candidates', filter] as const,
    queryFn: ({ signal }) => listReleaseCandidates(filter, { signal }),
    placeholderData: keepPreviousData,
    // What waits for a pass changes as other clerks save theirs.
    staleTime: 0,
  });
