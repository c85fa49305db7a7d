/**
 * useLinkedFilters: the filters a link brings in its query string (the dashboard's waiting work opens
 * `/filed/list?drawback=0`, say). Only the keys the screen names are taken, so a link cannot set a filter
 * the screen does not show; a whole number is read as a number (the status selects hold numbers).
 * The answer is fixed for the life of the screen: it is the list's first search, not a live binding.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FilterValues } from './filter-bar';

export const filtersFromSearch = (search: URLSearchParams, keys: readonly string[]): FilterValues | undefined => {
  const filters: FilterValues = {};
  // Only the screen's own keys: a link cannot set a filter the screen does not show.
  for (const key of keys) {
    const value = search.get(key)?.trim();
    if (!value) continue;
    filters[key] = /^\d{1,9}$/.test(value) ? Number(value) : value;
  }
  return Object.keys(filters).length > 0 ? filters : undefined;
};

export function useLinkedFilters(keys: readonly string[]): FilterValues | undefined {
  const [search] = useSearchParams();
  const [filters] = useState(() => filtersFromSearch(search, keys));
  return filters;
}
