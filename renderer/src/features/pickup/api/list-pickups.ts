import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { type PickupListItem, pickupEndpoints } from '../../../../../contract/pickup';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';
import { queryKeys } from '../../../api/query-keys';

export const listPickups = (
  page: number,
  filters: FilterValues,
  options?: RequestOptions,
  limit: number = PAGE_SIZE,
): Promise<Paged<PickupListItem>> => call(pickupEndpoints.list, { query: { ...filters, page, limit } }, options);

/** Every check-in query sits under this key: a save or a hand-over refreshes the list and the details. */
export const pickupsQueryKey = queryKeys.pickups;

export const listPickupsQuery = (filters: FilterValues, page: number) =>
  queryOptions({
    queryKey: [...pickupsQueryKey, 'list', filters, page] as const,
    queryFn: ({ signal }) => listPickups(page, filters, { signal }),
  });
