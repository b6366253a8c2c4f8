import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export const getCustomer = (id: number, signal?: AbortSignal) =>
  call("getCustomer", { params: { id }, signal });

export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/customers", id],
    queryFn: ({ signal }) => getCustomer(id, signal),
  });

export const useCustomer = (id: number | undefined) =>
  useQuery({ ...customerQuery(id ?? 0), enabled: id !== undefined && id > 0 });
