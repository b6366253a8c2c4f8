import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPage, type ListParams } from "../../../lib/api-client";
import type { Transaction } from "./types";

export const getTransactions = (params: ListParams, signal?: AbortSignal) =>
  apiPage<Transaction>("/api/transactions", params, signal);

export const transactionsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ["/api/transactions", "list", params],
    queryFn: ({ signal }) => getTransactions(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (params: ListParams, enabled = true) =>
  useQuery({ ...transactionsQuery(params), enabled });
