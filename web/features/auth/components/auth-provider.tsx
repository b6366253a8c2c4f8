import { useQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import { type SessionUser, sessionUserAtom } from "../../../lib/session";
import { currentUserQuery } from "../api/get-user";
import { useLogin } from "../api/login";
import { useLogout } from "../api/logout";

interface AuthContextValue {
  user: SessionUser | null;
  isLoading: boolean;
  error: unknown;
  loginMutation: ReturnType<typeof useLogin>;
  logoutMutation: ReturnType<typeof useLogout>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Session state: the /api/user query, mirrored into the jotai session atom. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const query = useQuery(currentUserQuery);
  const loginMutation = useLogin();
  const logoutMutation = useLogout();
  const setSessionUser = useSetAtom(sessionUserAtom);
  const user = query.data ?? null;

  useEffect(() => {
    setSessionUser(query.isPending ? undefined : user);
  }, [query.isPending, user, setSessionUser]);

  const value = useMemo(
    () => ({ user, isLoading: query.isPending, error: query.error, loginMutation, logoutMutation }),
    [user, query.isPending, query.error, loginMutation, logoutMutation],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
