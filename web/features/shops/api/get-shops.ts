import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPage, type ListParams } from "../../../lib/api-client";
import type { Shop } from "./types";

export const getShops = (params: ListParams, signal?: AbortSignal) =>
  apiPage<Shop>("/api/shops", params, signal);

export const shopsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ["/api/shops", "list", params],
    queryFn: ({ signal }) => getShops(params, signal),
    placeholderData: keepPreviousData,
  });

export const useShops = (params: ListParams, enabled = true) =>
  useQuery({ ...shopsQuery(params), enabled });
