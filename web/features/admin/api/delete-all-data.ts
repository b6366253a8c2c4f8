import { useMutation, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { ApiError, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { CURRENT_USER_KEY } from "../../auth";
import "../../../i18n/areas/admin";

/** Needs the acting admin's password; the server writes and checks a backup first. */
export const deleteAllData = ({ password }: { password: string }) =>
  call("deleteAllData", { body: { password } });

/**
 * Empties every table but the acting admin; every cached list is refetched. A refusal
 * (wrong password 403, failed backup 422, a write meanwhile 409) is the dialog's to show.
 */
export function useDeleteAllData() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteAllData,
    onSuccess: () => {
      notify.success(i18n.t("admin.deleteAll.done"));
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0],
      });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) notify.error(error);
    },
  });
}
