import { QueryClient } from '@tanstack/react-query';

/**
 * Catalogue data changes slowly: keep it a minute before refetching, and do not retry a failed
 * call by itself (the client has already shown why it failed; screens offer a retry).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: false, refetchOnWindowFocus: false },
    },
  });
}
