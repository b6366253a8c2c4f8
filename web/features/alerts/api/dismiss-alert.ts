import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export const dismissAlert = (id: number) => call("dismissAlert", { params: { id } });

/** Reloads the alerts; a failure is only logged (SPEC section 7). */
export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/alerts"] }),
    onError: (error) => console.warn("Failed to dismiss alert", error),
  });
}
