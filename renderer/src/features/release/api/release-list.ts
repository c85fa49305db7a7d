import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import type { ExportAnswer } from '../../../../../contract/export';
import { exportsEndpoints, type ReleaseListGroup, releaseListEndpoints } from '../../../../../contract/release-exports';
import type { HandOverAnswer } from '../../../../../contract/stage';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';
import { queryKeys } from '../../../api/query-keys';

/**
 * Every query of the release list and the release detail page sits under this key: the export
 * declaration's form refreshes it on save, and so does a hand-over.
 */
export const releaseListQueryKey = queryKeys.releaseList;

export const listReleaseGroups = (
  page: number,
  filters: FilterValues,
  options?: RequestOptions,
  limit: number = PAGE_SIZE,
): Promise<Paged<ReleaseListGroup>> => call(releaseListEndpoints.list, { query: { ...filters, page, limit } }, options);

export const releaseListQuery = (filters: FilterValues, page: number) =>
  queryOptions({
    queryKey: [...releaseListQueryKey, 'list', filters, page] as const,
    queryFn: ({ signal }) => listReleaseGroups(page, filters, { signal }),
    // The release pass form does not name this key: reopening the list asks again rather than showing
    // a pass's vehicles as still waiting for it.
    staleTime: 0,
  });

/** 导出Excel: the list's own filters, no paging. */
export const exportReleaseList = (filters: FilterValues): Promise<ExportAnswer> =>
  call(releaseListEndpoints.export, { query: filters });

/** 移交归档: the purchase contracts' released and exported vehicles go to filing; the screen says what stayed. */
export const handOverRelease = (purchaseIds: number[]): Promise<HandOverAnswer> =>
  call(exportsEndpoints.handOver, { body: { purchase_id: purchaseIds } }, { silent: true });
