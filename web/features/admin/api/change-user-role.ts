import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Role } from "../../../../src/domain/enums";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";

export const changeUserRole = ({ userId, role }: { userId: number; role: Role }) =>
  call("changeUserRole", { params: { userId }, body: { role } });

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: () => {
      notify.success("User role updated successfully");
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/users"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
    },
    onError: (error) => notify.error(error),
  });
}
