import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { CURRENT_USER_KEY } from "../../auth";

export const deleteAllData = () => call("deleteAllData");

/** Empties every table but the acting admin; every cached list is refetched. */
export function useDeleteAllData() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteAllData,
    onSuccess: () => {
      notify.success("All data has been deleted successfully");
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0],
      });
    },
    onError: (error) => notify.error(error),
  });
}
