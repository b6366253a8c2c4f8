import { useMutation, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { type BodyOf, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import "../../../i18n/areas/customers";

/** The body as the contract declares its wire format. */
export type CreateCustomerBody = BodyOf<"createCustomer">;

export const createCustomer = (body: CreateCustomerBody) => call("createCustomer", { body });

/** Refreshes the customers list and the dashboard stats. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => {
      notify.success(i18n.t("customers.created"));
      void queryClient.invalidateQueries({ queryKey: ["/api/customers"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/dashboard/stats"] });
    },
    onError: (error) => notify.error(error),
  });
}
