import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ReleaseDetail, releaseListEndpoints } from '../../../../../contract/release-exports';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { releaseListQueryKey } from './release-list';

export const getReleaseDetail = (purchaseId: number, options?: RequestOptions): Promise<ReleaseDetail> =>
  call(releaseListEndpoints.detail, { query: { purchaseId } }, options);

export const releaseDetailQuery = (purchaseId: number) =>
  queryOptions({
    queryKey: [...releaseListQueryKey, 'detail', purchaseId] as const,
    queryFn: ({ signal }) => getReleaseDetail(purchaseId, { signal }),
    // As the list: the release pass form does not refresh this key.
    staleTime: 0,
  });

/** The release detail page's purchase contract with its declarations and passes. */
export function useReleaseDetail(purchaseId: number | undefined) {
  return useQuery({ ...releaseDetailQuery(purchaseId ?? 0), enabled: purchaseId !== undefined && purchaseId > 0 });
}
