import { useMutation, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { type BodyOf, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import "../../../i18n/areas/shops";

/** The body as the contract declares its wire format. */
export type CreateShopBody = BodyOf<"createShop">;

export const createShop = (body: CreateShopBody) => call("createShop", { body });

/** Refreshes the shops list. */
export function useCreateShop() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createShop,
    onSuccess: () => {
      notify.success(i18n.t("shops.form.created"));
      void queryClient.invalidateQueries({ queryKey: ["/api/shops"] });
    },
    onError: (error) => notify.error(error),
  });
}
