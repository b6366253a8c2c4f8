import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, call } from "../../../lib/api-client";
import { BET_KEYS } from "./place-bet";

/** What paying a slip answers: the bet (now paid), the amount, when, by whom, from which till. */
export type SlipPayment = Answer<"paySlip">;

/**
 * Pays a settled cash bet's slip (issue 21 item 2, decision 051): the return of a WON or
 * PLACED bet, the stake of a VOID one, from the till of the user's open shift. A slip paid
 * already is 409, naming when, where and by whom. The caller shows errors inside its dialog.
 * `key` is the Pay button's Idempotency-Key (decision 077): a payment retried after no answer
 * replays the first one's 200 instead of a 409 "already paid" for cash that did leave the till.
 */
export function usePaySlip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, key }: { code: string; key: string }) =>
      call("paySlip", { params: { code }, headers: { "Idempotency-Key": key } }),
    onSuccess: () => {
      // The bet, its slip, the shop's balance and the shift's expected cash all moved.
      for (const key of BET_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}
