import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callPage, type ListParams } from "../../../lib/api-client";

export const getBets = (params: ListParams, signal?: AbortSignal) =>
  callPage("listBets", params, signal);

export const betsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ["/api/bets", "list", params],
    queryFn: ({ signal }) => getBets(params, signal),
    placeholderData: keepPreviousData,
  });

export const useBets = (params: ListParams, enabled = true) =>
  useQuery({ ...betsQuery(params), enabled });
