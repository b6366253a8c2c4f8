import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export const getShop = (id: number, signal?: AbortSignal) =>
  call("getShop", { params: { id }, signal });

export const shopQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/shops", id],
    queryFn: ({ signal }) => getShop(id, signal),
  });

export const useShop = (id: number | undefined) =>
  useQuery({ ...shopQuery(id ?? 0), enabled: id !== undefined && id > 0 });
