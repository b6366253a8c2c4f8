import { useMutation, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { type BodyOf, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import "../../../i18n/areas/customers";

/** The body as the contract declares its wire format. */
export type UpdateCustomerBody = BodyOf<"updateCustomer">;

export const updateCustomer = ({ id, body }: { id: number; body: UpdateCustomerBody }) =>
  call("updateCustomer", { params: { id }, body });

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: () => {
      notify.success(i18n.t("customers.updated"));
      void queryClient.invalidateQueries({ queryKey: ["/api/customers"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/dashboard/stats"] });
    },
    onError: (error) => notify.error(error),
  });
}
