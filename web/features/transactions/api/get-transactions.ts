import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callPage, type ListParams } from "../../../lib/api-client";

export const getTransactions = (params: ListParams, signal?: AbortSignal) =>
  callPage("listTransactions", params, signal);

export const transactionsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ["/api/transactions", "list", params],
    queryFn: ({ signal }) => getTransactions(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (params: ListParams, enabled = true) =>
  useQuery({ ...transactionsQuery(params), enabled });
