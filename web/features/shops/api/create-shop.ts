import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";

export interface CreateShopBody {
  name: string;
  location: string;
  address: string | null;
  phone: string | null;
  isActive: boolean;
}

export const createShop = (body: CreateShopBody) => call("createShop", { body });

/** Refreshes the shops list. */
export function useCreateShop() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createShop,
    onSuccess: () => {
      notify.success("Shop created successfully");
      void queryClient.invalidateQueries({ queryKey: ["/api/shops"] });
    },
    onError: (error) => notify.error(error),
  });
}
