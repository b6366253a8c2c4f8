import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { SessionUser } from "../../../lib/session";

export type User = SessionUser;

export const getUserById = (id: number, signal?: AbortSignal) =>
  api<User>(`/api/users/${id}`, { signal });

export const userByIdQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/users", id],
    queryFn: ({ signal }) => getUserById(id, signal),
  });

export const useUserById = (id: number) => useQuery(userByIdQuery(id));
