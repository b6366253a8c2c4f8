import { useMutation, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { type BodyOf, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import "../../../i18n/areas/admin";

/** username, password, role, and for a customer login its customer record (issue 10). */
export const createUser = (body: BodyOf<"createUser">) => call("createUser", { body });

export function useCreateUser() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      notify.success(i18n.t("admin.createUser.done"));
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/users"] });
    },
    onError: (error) => notify.error(error),
  });
}
