import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";

export interface CreateCustomerBody {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  creditLimit: string;
  allowOverdraft: boolean;
}

export const createCustomer = (body: CreateCustomerBody) => call("createCustomer", { body });

/** Refreshes the customers list and the dashboard stats. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => {
      notify.success("Customer created successfully");
      void queryClient.invalidateQueries({ queryKey: ["/api/customers"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/dashboard/stats"] });
    },
    onError: (error) => notify.error(error),
  });
}
