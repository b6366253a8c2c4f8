import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const dismissAlert = (id: number) =>
  api<void>(`/api/alerts/${id}/dismiss`, { method: "POST" });

/** Reloads the alerts; a failure is only logged (SPEC section 7). */
export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/alerts"] }),
    onError: (error) => console.warn("Failed to dismiss alert", error),
  });
}
