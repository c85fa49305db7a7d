import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../contract/common';
import type { FilterValues } from './filter-bar';

/** One page of a list as the server answers it; the spec reads the total from `meta.total` or `total`. */
export interface PagedAnswer<Row> {
  data: Row[];
  meta?: { total: number };
  total?: number;
}

/** The list's total, wherever the answer carries it. */
export const pagedTotal = (answer: { meta?: { total?: number }; total?: number } | undefined): number =>
  answer?.meta?.total ?? answer?.total ?? 0;

/**
 * The query of one page: what each API file exports (`listOrdersQuery(filters, page)`), so the key and
 * the fetch are written once, beside the call.
 */
export type PagedQueryFactory<Filters, Answer, Error, Key extends QueryKey> = (
  filters: Filters,
  page: number,
) => UseQueryOptions<Answer, Error, Answer, Key>;

export interface UsePagedListOptions<Filters> {
  /** The filters before the first search (a dashboard link's, say); none by default. */
  initialFilters?: Filters;
  /** False while the list cannot be asked for yet (no customer type chosen, say). */
  enabled?: boolean;
}

export interface PagedList<Row, Filters = FilterValues> {
  filters: Filters;
  page: number;
  /** A new search: these filters, from page 1. */
  search: (filters: Filters) => void;
  goToPage: (page: number) => void;
  rows: Row[] | undefined;
  total: number;
  /** The first page is loading: nothing to show yet. */
  loading: boolean;
  /** Another page or search is loading while the previous rows stay on screen. */
  searching: boolean;
  fetching: boolean;
  failed: boolean;
  /** Some filter is set (the empty list then says to change them). */
  filtering: boolean;
  refetch: () => void;
}

/**
 * The state of a list screen: its filters and page, and the query of that page. A search goes back to
 * page 1; while the next page loads the previous rows stay (no flash of an empty table).
 */
export function usePagedList<
  Answer extends PagedAnswer<object>,
  Filters extends object = FilterValues,
  Error = unknown,
  Key extends QueryKey = QueryKey,
>(
  queryFor: PagedQueryFactory<Filters, Answer, Error, Key>,
  { initialFilters, enabled }: UsePagedListOptions<Filters> = {},
): PagedList<Answer['data'][number], Filters> {
  const [filters, setFilters] = useState<Filters>(initialFilters ?? ({} as Filters));
  const [page, setPage] = useState(1);

  const query = useQuery({
    ...queryFor(filters, page),
    placeholderData: keepPreviousData,
    ...(enabled === undefined ? {} : { enabled }),
  });

  const search = useCallback((next: Filters) => {
    setFilters(next);
    setPage(1);
  }, []);
  const { refetch } = query;
  const refetchList = useCallback(() => void refetch(), [refetch]);

  return {
    filters,
    page,
    search,
    goToPage: setPage,
    rows: query.data?.data,
    total: pagedTotal(query.data),
    loading: query.isFetching && !query.data,
    searching: query.isFetching && query.isPlaceholderData,
    fetching: query.isFetching,
    failed: query.isError,
    filtering: Object.keys(filters).length > 0,
    refetch: refetchList,
  };
}

export interface WholeListQuery<Row> {
  data: Row[] | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A list the server sends whole (the customer types: a handful, one answer), shown in the same frame and
 * paged here, 15 a page like every other list.
 */
export function useWholeList<Row>(query: WholeListQuery<Row>): PagedList<Row, FilterValues> {
  const [page, setPage] = useState(1);
  const search = useCallback(() => setPage(1), []);
  const { refetch } = query;
  const refetchList = useCallback(() => void refetch(), [refetch]);
  return {
    filters: {},
    page,
    search,
    goToPage: setPage,
    rows: query.data?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total: query.data?.length ?? 0,
    loading: query.isPending,
    searching: false,
    fetching: query.isFetching,
    failed: query.isError,
    filtering: false,
    refetch: refetchList,
  };
}
