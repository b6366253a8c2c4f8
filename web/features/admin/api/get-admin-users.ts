import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callPage, type ListParams } from "../../../lib/api-client";

export const getAdminUsers = (params: ListParams, signal?: AbortSignal) =>
  callPage("listUsers", params, signal);

export const adminUsersQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ["/api/admin/users", params],
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: ListParams) => useQuery(adminUsersQuery(params));
