import { queryOptions } from "@tanstack/react-query";
import { ApiError, call } from "../../../lib/api-client";
import type { SessionUser } from "../../../lib/session";

export const CURRENT_USER_KEY = ["/api/user"] as const;

/** The current user; a 401 means signed out (null), not an error. */
export async function getCurrentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    return await call("currentUser", { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: ({ signal }) => getCurrentUser(signal),
});
