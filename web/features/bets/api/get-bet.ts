import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export const getBet = (id: number, signal?: AbortSignal) =>
  call("getBet", { params: { id }, signal });

export const betQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/bets", id],
    queryFn: ({ signal }) => getBet(id, signal),
  });

export const useBet = (id: number | undefined) =>
  useQuery({ ...betQuery(id ?? 0), enabled: id !== undefined && id > 0 });
