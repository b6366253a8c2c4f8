import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface Health {
  systemStatus: string;
  databaseStatus: string;
  databaseLatency: number;
  lastCheck: string;
  activeSessions: number;
  uptime: number;
}

export const getHealth = (signal?: AbortSignal) => api<Health>("/api/health", { signal });

/** SPEC section 9: polled every 30 s, stale after 10 s. */
export const healthQuery = queryOptions({
  queryKey: ["/api/health"],
  queryFn: ({ signal }) => getHealth(signal),
  refetchInterval: 30_000,
  staleTime: 10_000,
});

export const useHealth = () => useQuery(healthQuery);
