import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { Bet } from "./types";

export const getBet = (id: number, signal?: AbortSignal) => api<Bet>(`/api/bets/${id}`, { signal });

export const betQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/bets", id],
    queryFn: ({ signal }) => getBet(id, signal),
  });

export const useBet = (id: number | undefined) =>
  useQuery({ ...betQuery(id ?? 0), enabled: id !== undefined && id > 0 });
