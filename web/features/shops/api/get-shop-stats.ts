import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export const getShopStats = (id: number, signal?: AbortSignal) =>
  call("shopStats", { params: { id }, signal });

export const shopStatsQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/shops", id, "stats"],
    queryFn: ({ signal }) => getShopStats(id, signal),
  });

export const useShopStats = (id: number) => useQuery(shopStatsQuery(id));
