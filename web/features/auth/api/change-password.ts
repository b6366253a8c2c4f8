import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useT } from "../../../i18n";
import { ApiError, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { CURRENT_USER_KEY } from "./get-user";
import "../../../i18n/areas/auth";

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  call("changePassword", { body });

/**
 * The signed-in user's own change (issue 10): their other sessions end, this one stays. The
 * answer is the current user again (no longer asked to change it), so the app opens after a
 * forced change. Errors that name a field are the form's to show; others are toasts.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const t = useT();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (user) => {
      notify.success(t("auth.passwordChanged"));
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) return;
      notify.error(error);
    },
  });
}
