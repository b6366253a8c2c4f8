/** The admin's account actions on one user (issue 10): reset password, disable/enable, unlock. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UserDto } from "../../../../src/domain/dto";
import { i18n } from "../../../i18n";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import "../../../i18n/areas/admin";

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

/**
 * One account action on a user: on success a toast saying what happened and a refetch of
 * the user list and the user's own page; a refusal is a toast with the server's message.
 */
export function useUserAction<V>(
  mutationFn: (variables: V) => Promise<UserDto>,
  done: (user: UserDto) => string,
) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn,
    onSuccess: (user) => {
      notify.success(done(user));
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/users"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
    },
    onError: (error) => notify.error(error),
  });
}

export const useResetUserPassword = () =>
  useUserAction(resetUserPassword, (user) =>
    i18n.t("admin.userActions.resetDone", { username: user.username }),
  );

export const useSetUserDisabled = () =>
  useUserAction(setUserDisabled, (user) =>
    i18n.t(user.disabled ? "admin.userActions.disabled" : "admin.userActions.enabled", {
      username: user.username,
    }),
  );

export const useUnlockUser = () =>
  useUserAction(unlockUser, (user) =>
    i18n.t("admin.userActions.unlocked", { username: user.username }),
  );
