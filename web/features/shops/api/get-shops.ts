import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callPage, type ListParams } from "../../../lib/api-client";

export const getShops = (params: ListParams, signal?: AbortSignal) =>
  callPage("listShops", params, signal);

export const shopsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ["/api/shops", "list", params],
    queryFn: ({ signal }) => getShops(params, signal),
    placeholderData: keepPreviousData,
  });

export const useShops = (params: ListParams, enabled = true) =>
  useQuery({ ...shopsQuery(params), enabled });
