import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export type { AlertDto as Alert } from "../../../../src/domain/dto";

export const getAlerts = (signal?: AbortSignal) => call("listAlerts", { signal });

/** SPEC section 9: refetched every 30 s, stale after 5 s. */
export const alertsQuery = queryOptions({
  queryKey: ["/api/alerts"],
  queryFn: ({ signal }) => getAlerts(signal),
  refetchInterval: 30_000,
  staleTime: 5_000,
});

export const useAlerts = () => useQuery(alertsQuery);
