import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import type { Customer } from "./types";

export interface UpdateCustomerBody {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  dateOfBirth?: string | null;
  creditLimit?: string;
  allowOverdraft?: boolean;
  isActive?: boolean;
}

export const updateCustomer = ({ id, body }: { id: number; body: UpdateCustomerBody }) =>
  api<Customer>(`/api/customers/${id}`, { method: "PATCH", body });

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: () => {
      notify.success("Customer updated successfully");
      void queryClient.invalidateQueries({ queryKey: ["/api/customers"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/dashboard/stats"] });
    },
    onError: (error) => notify.error(error),
  });
}
