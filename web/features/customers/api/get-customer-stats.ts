import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { BetCounts } from "./types";

export const getCustomerStats = (id: number, signal?: AbortSignal) =>
  api<BetCounts>(`/api/customers/${id}/stats`, { signal });

export const customerStatsQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/customers", id, "stats"],
    queryFn: ({ signal }) => getCustomerStats(id, signal),
  });

export const useCustomerStats = (id: number) => useQuery(customerStatsQuery(id));
