import { useMutation, useQueryClient } from "@tanstack/react-query";
import { contracts } from "../../../../src/domain/contracts";
import { call } from "../../../lib/api-client";

export const dismissAlert = (id: number) => call(contracts.dismissAlert, { params: { id } });

/** Reloads the alerts; a failure is only logged (SPEC section 7). */
export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/alerts"] }),
    onError: (error) => console.warn("Failed to dismiss alert", error),
  });
}
