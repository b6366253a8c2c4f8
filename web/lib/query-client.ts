import { QueryClient } from "@tanstack/react-query";
import { api } from "./api-client";

/**
 * SPEC section 9: data never goes stale by default, no refetch on focus, no polling, no
 * retries. The default read is a GET to the key's segments joined with a slash.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        queryFn: ({ queryKey, signal }) =>
          api(
            queryKey
              .filter((part) => typeof part === "string" || typeof part === "number")
              .join("/"),
            { signal },
          ),
      },
      mutations: { retry: false },
    },
  });
}
