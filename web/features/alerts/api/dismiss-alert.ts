import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

/** A cash or security alert takes a note (required by the server, decisions/044). */
export const dismissAlert = ({ id, note }: { id: number; note?: string }) =>
  call("dismissAlert", { params: { id }, body: note === undefined ? {} : { note } });

/**
 * Reloads the alerts (open and dismissed) and the bell's count. A failed one-click dismissal
 * is only logged (SPEC section 7); the note dialog shows its own failure.
 */
export function useDismissAlert({ quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAlert,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/api/alerts"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/counts"] }),
      ]),
    onError: (error) => {
      if (!quiet) console.warn("Failed to dismiss alert", error);
    },
  });
}
