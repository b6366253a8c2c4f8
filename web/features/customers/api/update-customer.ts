import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";

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
  call("updateCustomer", { params: { id }, body });

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
