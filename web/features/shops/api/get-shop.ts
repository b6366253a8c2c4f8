import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { Shop } from "./types";

export const getShop = (id: number, signal?: AbortSignal) =>
  api<Shop>(`/api/shops/${id}`, { signal });

export const shopQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/shops", id],
    queryFn: ({ signal }) => getShop(id, signal),
  });

export const useShop = (id: number | undefined) =>
  useQuery({ ...shopQuery(id ?? 0), enabled: id !== undefined && id > 0 });
