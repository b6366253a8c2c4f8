import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export const getCustomerStats = (id: number, signal?: AbortSignal) =>
  call("customerStats", { params: { id }, signal });

export const customerStatsQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/customers", id, "stats"],
    queryFn: ({ signal }) => getCustomerStats(id, signal),
  });

export const useCustomerStats = (id: number) => useQuery(customerStatsQuery(id));
