import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface DashboardStats {
  totalGivenCredit: string;
  totalCreditAtStake: string;
  activeBets: number;
  totalCustomers: number;
}

export const getDashboardStats = (signal?: AbortSignal) =>
  api<DashboardStats>("/api/dashboard/stats", { signal });

export const dashboardStatsQuery = queryOptions({
  queryKey: ["/api/dashboard/stats"],
  queryFn: ({ signal }) => getDashboardStats(signal),
});

export const useDashboardStats = () => useQuery(dashboardStatsQuery);
