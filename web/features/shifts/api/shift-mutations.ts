import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type BodyOf, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";

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
