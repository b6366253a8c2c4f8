import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, call } from "../../../lib/api-client";
import { BET_KEYS } from "./place-bet";

/** What paying a slip answers: the bet (now paid), the amount, when, by whom, from which till. */
export type SlipPayment = Answer<"paySlip">;

/**
 * Pays a settled cash bet's slip (issue 21 item 2, decision 051): the return of a WON or
 * PLACED bet, the stake of a VOID one, from the till of the user's open shift. A slip paid
 * already is 409, naming when, where and by whom. The caller shows errors inside its dialog.
 */
export function usePaySlip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call("paySlip", { params: { code } }),
    onSuccess: () => {
      // The bet, its slip, the shop's balance and the shift's expected cash all moved.
      for (const key of BET_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}
