import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, queryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';
import type { FilterValues } from './filter-bar';
import { pagedTotal, usePagedList, useWholeList, type PagedAnswer } from './use-paged-list';

interface Row {
  id: number;
}

/** A list whose answers the test releases one at a time, so "while the next page loads" can be seen. */
function scriptedList(answerFor: (filters: FilterValues, page: number) => PagedAnswer<Row>) {
  const asked: { filters: FilterValues; page: number }[] = [];
  const pending: (() => void)[] = [];
  const factory = (filters: FilterValues, page: number) =>
    queryOptions({
      queryKey: ['rows', filters, page],
      queryFn: () =>
        new Promise<PagedAnswer<Row>>((resolve) => {
          asked.push({ filters, page });
          pending.push(() => resolve(answerFor(filters, page)));
        }),
    });
  const releaseAll = () => act(() => pending.splice(0).forEach((release) => release()));
  return { factory, asked, releaseAll };
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);

const pageOf = (page: number): PagedAnswer<Row> => ({
  data: Array.from({ length: 3 }, (_, index) => ({ id: page * 100 + index })),
  meta: { total: 40 },
});

describe('usePagedList', () => {
  it('asks for page 1 with no filter, and keeps the rows on screen while the next page loads', async () => {
    const list = scriptedList((_, page) => pageOf(page));
    const { result } = renderHook(() => usePagedList(list.factory), { wrapper });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(list.asked).toEqual([{ filters: {}, page: 1 }]));
    await list.releaseAll();
    await waitFor(() => expect(result.current.rows?.map((row) => row.id)).toEqual([100, 101, 102]));
    expect(result.current.total).toBe(40);

    act(() => result.current.goToPage(2));
    await waitFor(() => expect(list.asked.at(-1)).toEqual({ filters: {}, page: 2 }));
    // Page 2 is on its way: page 1 stays, marked as searching, not as an empty first load.
    expect(result.current.rows?.map((row) => row.id)).toEqual([100, 101, 102]);
    expect(result.current.searching).toBe(true);
    expect(result.current.loading).toBe(false);
    await list.releaseAll();
    await waitFor(() => expect(result.current.rows?.map((row) => row.id)).toEqual([200, 201, 202]));
    expect(result.current.page).toBe(2);
  });

  it('goes back to page 1 on a new search, with the new filters', async () => {
    const list = scriptedList((_, page) => pageOf(page));
    const { result } = renderHook(() => usePagedList(list.factory), { wrapper });
    await waitFor(() => expect(list.asked).toHaveLength(1));
    await list.releaseAll();
    act(() => result.current.goToPage(3));
    await waitFor(() => expect(list.asked.at(-1)?.page).toBe(3));
    await list.releaseAll();

    act(() => result.current.search({ name: 'Almaty' }));
    await waitFor(() => expect(list.asked.at(-1)).toEqual({ filters: { name: 'Almaty' }, page: 1 }));
    expect(result.current.page).toBe(1);
    expect(result.current.filtering).toBe(true);
  });

  it('reads the total from meta.total or from total, whichever the answer carries', async () => {
    expect(pagedTotal({ meta: { total: 7 } })).toBe(7);
    expect(pagedTotal({ total: 9 })).toBe(9);
    expect(pagedTotal(undefined)).toBe(0);

    const list = scriptedList(() => ({ data: [{ id: 1 }], total: 16 }));
    const { result } = renderHook(() => usePagedList(list.factory), { wrapper });
    await waitFor(() => expect(list.asked).toHaveLength(1));
    await list.releaseAll();
    await waitFor(() => expect(result.current.total).toBe(16));
  });

  it('does not ask while it is not enabled', async () => {
    const list = scriptedList((_, page) => pageOf(page));
    const { result, rerender } = renderHook(({ enabled }) => usePagedList(list.factory, { enabled }), {
      wrapper,
      initialProps: { enabled: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(list.asked).toHaveLength(0);
    expect(result.current.loading).toBe(false);
    rerender({ enabled: true });
    await waitFor(() => expect(list.asked).toHaveLength(1));
  });

  it('pages a list the server sends whole, 15 a page, and goes back to page 1 on a search', () => {
    const types = Array.from({ length: 20 }, (_, index) => ({ id: index + 1 }));
    const query = { data: types, isPending: false, isFetching: false, isError: false, refetch: () => undefined };
    const { result } = renderHook(() => useWholeList(query));
    expect(result.current.rows).toHaveLength(15);
    expect(result.current.total).toBe(20);
    act(() => result.current.goToPage(2));
    expect(result.current.rows?.map((row) => row.id)).toEqual([16, 17, 18, 19, 20]);
    act(() => result.current.search({}));
    expect(result.current.page).toBe(1);
  });
});
