import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import type { Shop } from "./types";

export interface UpdateShopBody {
  name?: string;
  location?: string;
  address?: string | null;
  phone?: string | null;
  isActive?: boolean;
}

export const updateShop = ({ id, body }: { id: number; body: UpdateShopBody }) =>
  api<Shop>(`/api/shops/${id}`, { method: "PATCH", body });

export function useUpdateShop() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: updateShop,
    onSuccess: () => {
      notify.success("Shop updated successfully");
      void queryClient.invalidateQueries({ queryKey: ["/api/shops"] });
    },
    onError: (error) => notify.error(error),
  });
}
