import { queryOptions, useQuery } from "@tanstack/react-query";
import { contracts } from "../../../../src/domain/contracts";
import { call } from "../../../lib/api-client";

export const getShopStats = (id: number, signal?: AbortSignal) =>
  call(contracts.shopStats, { params: { id }, signal });

export const shopStatsQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/shops", id, "stats"],
    queryFn: ({ signal }) => getShopStats(id, signal),
  });

export const useShopStats = (id: number) => useQuery(shopStatsQuery(id));
