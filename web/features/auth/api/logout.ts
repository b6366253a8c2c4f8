import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useT } from "../../../i18n";
import { call, errorMessage } from "../../../lib/api-client";
import { dropDrafts } from "../../../lib/draft";
import { useToast } from "../../../lib/toast";
import { CURRENT_USER_KEY } from "./get-user";
import "../../../i18n/areas/auth";

export function logout(): Promise<void> {
  return call("logout");
}

/** A successful logout clears the current user and refetches it. */
export function useLogout() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const t = useT();
  const others = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== CURRENT_USER_KEY[0];
  return useMutation({
    mutationFn: logout,
    // Reads still on their way are called off first: answered after the session ended, each
    // would be a 401, read as a session that expired rather than one the user ended.
    onMutate: () => queryClient.cancelQueries({ predicate: others }),
    onSuccess: async () => {
      // Signing out leaves nothing typed behind for the next user of this browser.
      dropDrafts();
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      queryClient.removeQueries({ predicate: others });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    onError: (error) =>
      toast({
        title: t("auth.logoutFailed"),
        description: errorMessage(error),
        variant: "destructive",
      }),
  });
}
