import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Role } from "../../../../src/domain/enums";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";

export const createUser = (body: { username: string; password: string; role: Role }) =>
  call("createUser", { body });

export function useCreateUser() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      notify.success("User created successfully");
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/users"] });
    },
    onError: (error) => notify.error(error),
  });
}
