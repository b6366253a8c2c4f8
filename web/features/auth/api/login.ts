import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useT } from "../../../i18n";
import { call, errorMessage } from "../../../lib/api-client";
import type { SessionUser } from "../../../lib/session";
import { useToast } from "../../../lib/toast";
import { CURRENT_USER_KEY } from "./get-user";
import "../../../i18n/areas/auth";

export interface LoginInput {
  username: string;
  password: string;
}

export function login(input: LoginInput): Promise<SessionUser> {
  return call("login", { body: input });
}

/** A successful login stores the returned user as current. */
export function useLogin() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const t = useT();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
    onError: (error) =>
      toast({
        title: t("auth.loginFailed"),
        description: errorMessage(error),
        variant: "destructive",
      }),
  });
}
