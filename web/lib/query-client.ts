import { QueryClient } from "@tanstack/react-query";

/**
 * Data never goes stale by itself and nothing polls (SPEC section 9): the live stream
 * (web/lib/live.ts) invalidates what another till changed. Issue 9 adds, as a safety net,
 * a refetch of what is on screen when the window regains focus or the network returns.
 * No retries. Every query brings its own queryFn (one file per endpoint in features/<x>/api).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: "always",
        refetchOnReconnect: "always",
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
