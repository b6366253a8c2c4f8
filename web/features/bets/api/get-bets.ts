import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPage, type ListParams } from "../../../lib/api-client";
import type { Bet } from "./types";

export const getBets = (params: ListParams, signal?: AbortSignal) =>
  apiPage<Bet>("/api/bets", params, signal);

export const betsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ["/api/bets", "list", params],
    queryFn: ({ signal }) => getBets(params, signal),
    placeholderData: keepPreviousData,
  });

export const useBets = (params: ListParams, enabled = true) =>
  useQuery({ ...betsQuery(params), enabled });
