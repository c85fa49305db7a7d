import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { type RegistryListItem, type RegistryTab, registryEndpoints } from '../../../../../contract/registry';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';
import { queryKeys } from '../../../api/query-keys';

/** Tab 1 asks `plateLists`, tab 2 `transferLists` (each with its type). */
export const listRegistry = (
  tab: RegistryTab,
  page: number,
  filters: FilterValues,
  options?: RequestOptions,
  limit: number = PAGE_SIZE,
): Promise<Paged<RegistryListItem>> =>
  call(
    tab === 1 ? registryEndpoints.plateList : registryEndpoints.transferList,
    { query: { vin: typeof filters.vin === 'string' ? filters.vin : undefined, type: tab, page, limit } },
    options,
  );

/** Every registry query sits under this key: a save or a hand-over refreshes the list and the records. */
export const registryQueryKey = queryKeys.registry;

export const listRegistryQuery = (tab: RegistryTab, filters: FilterValues, page: number) =>
  queryOptions({
    queryKey: [...registryQueryKey, 'list', tab, filters, page] as const,
    queryFn: ({ signal }) => listRegistry(tab, page, filters, { signal }),
  });
