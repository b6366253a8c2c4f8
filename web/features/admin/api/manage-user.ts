/** The admin's account actions on one user (issue 10): reset password, disable/enable, unlock. */
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";

export const resetUserPassword = ({
  userId,
  newPassword,
}: {
  userId: number;
  newPassword: string;
}) => call("resetUserPassword", { params: { userId }, body: { newPassword } });

export const setUserDisabled = ({ userId, disabled }: { userId: number; disabled: boolean }) =>
  call("updateUser", { params: { userId }, body: { disabled } });

export const unlockUser = ({ userId }: { userId: number }) =>
  call("unlockUser", { params: { userId } });

/** The user list and the user's own page show the new state. */
function refreshUsers(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ["/api/admin/users"] });
  void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: (user) => {
      notify.success(`Password reset. ${user.username} chooses a new one at the next sign-in.`);
      refreshUsers(queryClient);
    },
    onError: (error) => notify.error(error),
  });
}

export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: setUserDisabled,
    onSuccess: (user) => {
      notify.success(
        user.disabled ? `${user.username} is disabled` : `${user.username} is enabled again`,
      );
      refreshUsers(queryClient);
    },
    onError: (error) => notify.error(error),
  });
}

export function useUnlockUser() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: unlockUser,
    onSuccess: (user) => {
      notify.success(`${user.username} can sign in again`);
      refreshUsers(queryClient);
    },
    onError: (error) => notify.error(error),
  });
}
