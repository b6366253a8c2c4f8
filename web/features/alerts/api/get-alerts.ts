import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AlertType } from "../../../../src/domain/enums";
import { api } from "../../../lib/api-client";

export interface Alert {
  id: number;
  type: AlertType;
  title: string;
  description: string;
  createdAt: string;
}

export const getAlerts = (signal?: AbortSignal) => api<Alert[]>("/api/alerts", { signal });

/** SPEC section 9: refetched every 30 s, stale after 5 s. */
export const alertsQuery = queryOptions({
  queryKey: ["/api/alerts"],
  queryFn: ({ signal }) => getAlerts(signal),
  refetchInterval: 30_000,
  staleTime: 5_000,
});

export const useAlerts = () => useQuery(alertsQuery);
