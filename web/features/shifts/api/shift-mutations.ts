import { useMutation, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { type BodyOf, call } from "../../../lib/api-client";
import { euro } from "../../../lib/format";
import { useNotify } from "../../../lib/notify";
import { currentShiftQuery } from "./get-shifts";
import "../../../i18n/areas/shifts";

/** Opens the caller's shift; the shift control and lists refresh. */
export function useOpenShift() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: BodyOf<"openShift">) => call("openShift", { body }),
    onSuccess: () => {
      notify.success(i18n.t("shifts.open.opened"));
      void queryClient.invalidateQueries({ queryKey: ["/api/shifts"] });
    },
    onError: (error) => notify.error(error, i18n.t("shifts.open.failed")),
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
    onError: (error) => notify.error(error, i18n.t("shifts.close.failed")),
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
      const figures = { amount: euro(body.amount), expected: euro(shift.expectedCash) };
      notify.success(
        body.kind === "pickup"
          ? i18n.t("shifts.movement.pickupRecorded", figures)
          : i18n.t("shifts.movement.topupRecorded", figures),
      );
      // The answer is the shift as it now stands: the close dialog opened next shows it at
      // once, not the figures from before the refetch lands.
      if (queryClient.getQueryData(currentShiftQuery.queryKey)?.id === shift.id)
        queryClient.setQueryData(currentShiftQuery.queryKey, shift);
      void queryClient.invalidateQueries({ queryKey: ["/api/shifts"] });
    },
    onError: (error) => notify.error(error, i18n.t("shifts.movement.failed")),
  });
}
