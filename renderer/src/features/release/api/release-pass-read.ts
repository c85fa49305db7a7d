import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ReleasePass, releasePassEndpoints } from '../../../../../contract/release';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';

/** Every release-pass query sits under this key: a save refreshes the form's lists and the passes. */
export const releasePassesQueryKey = queryKeys.releasePasses;

export const getReleasePass = (id: number, options?: RequestOptions): Promise<ReleasePass> =>
  call(releasePassEndpoints.read, { query: { releaseId: id } }, options);

export const releasePassQuery = (id: number) =>
  queryOptions({
    queryKey: [...releasePassesQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => getReleasePass(id, { signal }),
  });

export function useReleasePass(id: number | undefined) {
  return useQuery({
    ...releasePassQuery(id ?? 0),
    enabled: id !== undefined && id > 0,
    // A form must not be refilled under the clerk's choices when the window regains focus.
    refetchOnWindowFocus: false,
  });
}
