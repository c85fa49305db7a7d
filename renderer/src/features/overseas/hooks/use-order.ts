import { useQuery } from '@tanstack/react-query';
import { getOrder } from '../api/get-order';

/** Every overseas query starts with this key: invalidating it refreshes the list and the details. */
export const ordersQueryKey = ['orders'] as const;
export const orderQueryKey = (id: number) => [...ordersQueryKey, 'detail', id] as const;

export function useOrder(id: number | undefined) {
  return useQuery({
    queryKey: orderQueryKey(id ?? 0),
    queryFn: () => getOrder(id as number),
    enabled: id !== undefined && id > 0,
    // A form must not be refilled under the clerk's typing when the window regains focus.
    refetchOnWindowFocus: false,
  });
}
