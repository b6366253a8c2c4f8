import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type BodyOf, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { currentShiftQuery } from "./get-shifts";

/** Opens the caller's shift; the shift control and lists refresh. */
export function useOpenShift() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: BodyOf<"openShift">) => call("openShift", { body }),
    onSuccess: () => {
      notify.success("Shift opened");
      void queryClient.invalidateQueries({ queryKey: ["/api/shifts"] });
    },
    onError: (error) => notify.error(error, "Failed to open the shift"),
  });
}

/** Closes a shift with the cash counted; answers expected, counted and discrepancy. */
export function useCloseShift() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyOf<"closeShift"> }) =>
      call("closeShift", { params: { id }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["/api/shifts"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/alerts"] });
    },
    onError: (error) => notify.error(error, "Failed to close the shift"),
  });
}

/**
 * Records a pick-up or top-up on an open shift; answers the shift with its new expected
 * cash. One Idempotency-Key per dialog payload: a retried submit records it once.
 */
export function useRecordTillMovement() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: ({
      id,
      body,
      key,
    }: {
      id: number;
      body: BodyOf<"recordTillMovement">;
      key: string;
    }) =>
      call("recordTillMovement", {
        params: { id },
        body,
        headers: { "Idempotency-Key": key },
      }),
    onSuccess: (shift, { body }) => {
      notify.success(
        `${body.kind === "pickup" ? "Pick-up" : "Top-up"} of €${body.amount} recorded: expected cash €${shift.expectedCash}`,
      );
      // The answer is the shift as it now stands: the close dialog opened next shows it at
      // once, not the figures from before the refetch lands.
      if (queryClient.getQueryData(currentShiftQuery.queryKey)?.id === shift.id)
        queryClient.setQueryData(currentShiftQuery.queryKey, shift);
      void queryClient.invalidateQueries({ queryKey: ["/api/shifts"] });
    },
    onError: (error) => notify.error(error, "Failed to record the till movement"),
  });
}
