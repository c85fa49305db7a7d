/**
 * The top bar's one search (`GET /api/search`, API.md "Beyond the seeds"): vehicles, overseas and
 * purchase contracts, declarations and customers matching any part of what was typed, 8 of each kind.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SEARCH_LIMIT_DEFAULT, type SearchAnswer, searchEndpoints } from '../../../contract/search';
import { call } from './call';
import type { RequestOptions } from './http-client';
import { queryKeys } from './query-keys';

export const searchEverything = (text: string, options?: RequestOptions): Promise<SearchAnswer> =>
  call(searchEndpoints.search, { query: { q: text, limit: SEARCH_LIMIT_DEFAULT } }, options);

export const searchQuery = (text: string) =>
  queryOptions({
    queryKey: [...queryKeys.search, text] as const,
    // Quiet: a failed search says so in the box itself, not in a toast over it.
    queryFn: ({ signal }) => searchEverything(text, { signal, silent: true }),
    enabled: text.length > 0,
    // The answers shown stay while the next text's arrive.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
