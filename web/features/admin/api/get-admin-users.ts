import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPage, type ListParams } from "../../../lib/api-client";
import type { User } from "../../users";

export const getAdminUsers = (params: ListParams, signal?: AbortSignal) =>
  apiPage<User>("/api/admin/users", params, signal);

export const adminUsersQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ["/api/admin/users", params],
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: ListParams) => useQuery(adminUsersQuery(params));
