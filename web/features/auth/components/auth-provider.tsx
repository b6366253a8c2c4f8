import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import { isNetworkError, pathOf } from "../../../lib/api-client";
import { onUnauthorized } from "../../../lib/connection";
import { keepDraftsOf } from "../../../lib/draft";
import { currentUserAtom, sessionExpiredAtom } from "../../../lib/session";
import { CURRENT_USER_KEY, currentUserQuery } from "../api/get-user";
import { useLogin } from "../api/login";
import { useLogout } from "../api/logout";

interface AuthContextValue {
  loginMutation: ReturnType<typeof useLogin>;
  logoutMutation: ReturnType<typeof useLogout>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Session state: the /api/user query is the one source, and this provider is the one writer
 * of `currentUserAtom` (pending: undefined, signed out: null), which screens read.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const query = useQuery(currentUserQuery);
  const setCurrentUser = useSetAtom(currentUserAtom);
  // With no answer from the server we do not know yet (the offline banner shows, and the
  // lookup runs again when the server is back): not signed out.
  const unknown = query.isPending || (query.data === undefined && isNetworkError(query.error));
  const user = unknown ? undefined : (query.data ?? null);
  useEffect(() => setCurrentUser(user), [user, setCurrentUser]);
  // A dialog draft is its typist's: whoever signs in next on this tab does not get it.
  const userId = user ? user.id : undefined;
  useEffect(() => {
    if (userId !== undefined) keepDraftsOf(userId);
  }, [userId]);
  useSessionExpiry();

  const loginMutation = useLogin();
  const logoutMutation = useLogout();
  const value = useMemo(() => ({ loginMutation, logoutMutation }), [loginMutation, logoutMutation]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * A 401 from any call while signed in means the session ended on the server (idle or
 * absolute timeout, revoked): mark it expired and drop the user and every cached answer,
 * so the shell sends the user to sign in again and the sidebar no longer shows them.
 */
function useSessionExpiry() {
  const queryClient = useQueryClient();
  const setExpired = useSetAtom(sessionExpiredAtom);
  useEffect(
    () =>
      onUnauthorized((path) => {
        if (path.startsWith(pathOf("login"))) return;
        if (!queryClient.getQueryData(CURRENT_USER_KEY)) return;
        setExpired(true);
        queryClient.setQueryData(CURRENT_USER_KEY, null);
        const others = {
          predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== CURRENT_USER_KEY[0],
        };
        void queryClient.cancelQueries(others);
        queryClient.removeQueries(others);
      }),
    [queryClient, setExpired],
  );
}

/** The session actions (sign in, sign out); the user itself is `currentUserAtom`. */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
