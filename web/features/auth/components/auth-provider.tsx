import { useQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import { currentUserAtom } from "../../../lib/session";
import { currentUserQuery } from "../api/get-user";
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
  const user = query.isPending ? undefined : (query.data ?? null);
  useEffect(() => setCurrentUser(user), [user, setCurrentUser]);

  const loginMutation = useLogin();
  const logoutMutation = useLogout();
  const value = useMemo(() => ({ loginMutation, logoutMutation }), [loginMutation, logoutMutation]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session actions (sign in, sign out); the user itself is `currentUserAtom`. */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
