import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PriceFormat } from "../../../../src/domain/price";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";

/** Saves how the signed-in user sees prices (null: the operator's); the current user refreshes. */
export function useSetOddsFormat() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (oddsFormat: PriceFormat | null) =>
      call("setPreferences", { body: { oddsFormat } }),
    onSuccess: (user) => {
      queryClient.setQueryData(["/api/user"], user);
      notify.success("Odds format saved");
    },
    onError: (error) => notify.error(error, "Failed to save the odds format"),
  });
}
