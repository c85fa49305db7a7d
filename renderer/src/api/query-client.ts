import { QueryClient } from '@tanstack/react-query';

/**
 * Server state of the renderer (DESIGN.md). The HTTP client already tells the clerk about a failure, so a
 * retry would only repeat the toast: failed calls are not retried, and a list is refreshed when a screen
 * opens again or a save invalidates it rather than on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
