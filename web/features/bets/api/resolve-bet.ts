import { useMutation, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { betResolvedToast } from "./bet-toast";
import { betQuery } from "./get-bet";
import { BET_KEYS } from "./place-bet";
import "../../../i18n/areas/bets";

export interface ResolveBetInput {
  id: number;
  /** PLACED only for an each-way bet (decision 052). */
  status: "WON" | "PLACED" | "LOST" | "VOID";
  voidReason?: string;
  /** Dead heats of a Won or Placed settlement (decision 084): sent only when there is one. */
  deadHeat?: { win?: string; place?: string };
  /** Rule 4: cents in the euro off the winnings (1..90), sent only when there is one. */
  rule4Deduction?: number;
  /**
   * The dialog's Idempotency-Key (decision 077): a settlement retried after no answer replays
   * the first one's 200 instead of a 409 "not pending" for a payout that did happen.
   */
  key: string;
}

export const resolveBet = ({ id, key, ...body }: ResolveBetInput) =>
  call("resolveBet", { params: { id }, body, headers: { "Idempotency-Key": key } });

export function useResolveBet() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: resolveBet,
    onSuccess: (bet, input) => {
      // The bet's page shows the new status at once, before the refetch below answers.
      queryClient.setQueryData(betQuery(bet.id).queryKey, bet);
      for (const key of BET_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
      // The SPEC's titles ('Bet Voided', else 'Success'); the text names the outcome, the
      // money and the balance after it, once read (issue 20 item 7).
      const title = input.status === "VOID" ? i18n.t("bets.toast.voidedTitle") : undefined;
      void betResolvedToast(queryClient, bet, input.status).then((text) =>
        notify.success(text, title),
      );
    },
    onError: (error, input) =>
      notify.error(error, input.status === "VOID" ? i18n.t("bets.toast.voidFailed") : undefined),
  });
}
