import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export type { DashboardStatsDto as DashboardStats } from "../../../../src/domain/dto";

export const getDashboardStats = (signal?: AbortSignal) => call("dashboardStats", { signal });

export const dashboardStatsQuery = queryOptions({
  queryKey: ["/api/dashboard/stats"],
  queryFn: ({ signal }) => getDashboardStats(signal),
});

export const useDashboardStats = () => useQuery(dashboardStatsQuery);
