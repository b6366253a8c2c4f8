import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ShopStats } from "./types";

export const getShopStats = (id: number, signal?: AbortSignal) =>
  api<ShopStats>(`/api/shops/${id}/stats`, { signal });

export const shopStatsQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/shops", id, "stats"],
    queryFn: ({ signal }) => getShopStats(id, signal),
  });

export const useShopStats = (id: number) => useQuery(shopStatsQuery(id));
