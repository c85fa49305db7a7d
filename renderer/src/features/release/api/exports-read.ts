import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ExportsRecord, exportsEndpoints } from '../../../../../contract/release-exports';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';

/** Every export-declaration query sits under this key: a save refreshes the form's lists and the records. */
export const exportsQueryKey = queryKeys.exports;

export const getExportsRecord = async (id: number, options?: RequestOptions): Promise<ExportsRecord> => {
  const answer = await call(exportsEndpoints.read, { query: { exportsId: id } }, options);
  // `exportsId` answers one record (a list only for `purchaseId`).
  if (Array.isArray(answer)) throw new Error('exportsRead answered a list for one record');
  return answer;
};

export const exportsRecordQuery = (id: number) =>
  queryOptions({
    queryKey: [...exportsQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => getExportsRecord(id, { signal }),
  });

export function useExportsRecord(id: number | undefined) {
  return useQuery({
    ...exportsRecordQuery(id ?? 0),
    enabled: id !== undefined && id > 0,
    // A form must not be refilled under the clerk's choices when the window regains focus.
    refetchOnWindowFocus: false,
  });
}
