import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { type VinCorrection, vinCorrectionEndpoints } from '../../../../../contract/vin-correction';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';
import { queryKeys } from '../../../api/query-keys';

/** `filters` is what the filter bar sent: `vinNew`. */
export const listVinCorrections = (
  page: number,
  filters: FilterValues,
  options?: RequestOptions,
): Promise<Paged<VinCorrection>> =>
  call(vinCorrectionEndpoints.list, { query: { ...filters, page, limit: PAGE_SIZE } }, options);

export const vinCorrectionsQueryKey = queryKeys.vinCorrections;

export const listVinCorrectionsQuery = (filters: FilterValues, page: number) =>
  queryOptions({
    queryKey: [...vinCorrectionsQueryKey, 'list', filters, page] as const,
    queryFn: ({ signal }) => listVinCorrections(page, filters, { signal }),
  });
