import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPage, type ListParams } from "../../../lib/api-client";
import type { Customer } from "./types";

export const getCustomers = (params: ListParams, signal?: AbortSignal) =>
  apiPage<Customer>("/api/customers", params, signal);

export const customersQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ["/api/customers", "list", params],
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (params: ListParams, enabled = true) =>
  useQuery({ ...customersQuery(params), enabled });
