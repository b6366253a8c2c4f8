import { useMutation, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { type BodyOf, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import "../../../i18n/areas/shops";

/** The body as the contract declares its wire format. */
export type UpdateShopBody = BodyOf<"updateShop">;

export const updateShop = ({ id, body }: { id: number; body: UpdateShopBody }) =>
  call("updateShop", { params: { id }, body });

export function useUpdateShop() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: updateShop,
    onSuccess: () => {
      notify.success(i18n.t("shops.form.updated"));
      void queryClient.invalidateQueries({ queryKey: ["/api/shops"] });
    },
    onError: (error) => notify.error(error),
  });
}
