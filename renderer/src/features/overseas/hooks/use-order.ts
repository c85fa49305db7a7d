import { useQuery } from '@tanstack/react-query';
import { getOrderQuery } from '../api/get-order';

export function useOrder(id: number | undefined) {
  return useQuery({
    ...getOrderQuery(id ?? 0),
    enabled: id !== undefined && id > 0,
    // A form must not be refilled under the clerk's typing when the window regains focus.
    refetchOnWindowFocus: false,
  });
}
