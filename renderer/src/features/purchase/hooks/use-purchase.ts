import { useQuery } from '@tanstack/react-query';
import { getPurchaseQuery } from '../api/get-purchase';

export function usePurchase(id: number | undefined) {
  return useQuery({
    ...getPurchaseQuery(id ?? 0),
    enabled: id !== undefined && id > 0,
    // A form must not be refilled under the clerk's typing when the window regains focus.
    refetchOnWindowFocus: false,
  });
}
