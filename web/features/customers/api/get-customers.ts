import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callPage, type ListParams } from "../../../lib/api-client";

export const getCustomers = (params: ListParams, signal?: AbortSignal) =>
  callPage("listCustomers", params, signal);

export const customersQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ["/api/customers", "list", params],
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (params: ListParams, enabled = true) =>
  useQuery({ ...customersQuery(params), enabled });
