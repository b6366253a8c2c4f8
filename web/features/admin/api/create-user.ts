import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Role } from "../../../../src/domain/enums";
import { api } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import type { User } from "../../users";

export const createUser = (body: { username: string; password: string; role: Role }) =>
  api<User>("/api/admin/users", { method: "POST", body });

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
