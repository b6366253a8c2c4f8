import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { Customer } from "./types";

export const getCustomer = (id: number, signal?: AbortSignal) =>
  api<Customer>(`/api/customers/${id}`, { signal });

export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/customers", id],
    queryFn: ({ signal }) => getCustomer(id, signal),
  });

export const useCustomer = (id: number | undefined) =>
  useQuery({ ...customerQuery(id ?? 0), enabled: id !== undefined && id > 0 });
