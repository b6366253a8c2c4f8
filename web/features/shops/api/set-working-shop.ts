import { useMutation, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import "../../../i18n/areas/ui";

export const setWorkingShop = (shopId: number | null) =>
  call("setWorkingShop", { body: { shopId } });

/** Remembers the staff user's working shop on the server; the current user refreshes. */
export function useSetWorkingShop() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: setWorkingShop,
    onSuccess: (user) => {
      queryClient.setQueryData(["/api/user"], user);
      notify.success(i18n.t("ui.workingShop.saved"));
    },
    onError: (error) => notify.error(error, i18n.t("ui.workingShop.failed")),
  });
}
