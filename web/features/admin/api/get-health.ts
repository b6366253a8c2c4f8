import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export type { HealthDto as Health } from "../../../../src/domain/dto";

export const getHealth = (signal?: AbortSignal) => call("health", { signal });

/** SPEC section 9: polled every 30 s, stale after 10 s. */
export const healthQuery = queryOptions({
  queryKey: ["/api/health"],
  queryFn: ({ signal }) => getHealth(signal),
  refetchInterval: 30_000,
  staleTime: 10_000,
});

export const useHealth = () => useQuery(healthQuery);
