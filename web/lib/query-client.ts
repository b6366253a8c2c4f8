import { QueryClient } from "@tanstack/react-query";

/**
 * SPEC section 9: data never goes stale by default, no refetch on focus, no polling, no
 * retries. Every query brings its own queryFn (one file per endpoint in features/<x>/api).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
