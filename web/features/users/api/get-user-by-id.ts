import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export type { UserDto as User } from "../../../../src/domain/dto";

export const getUserById = (id: number, signal?: AbortSignal) =>
  call("getUser", { params: { id }, signal });

export const userByIdQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/users", id],
    queryFn: ({ signal }) => getUserById(id, signal),
  });

export const useUserById = (id: number) => useQuery(userByIdQuery(id));
