import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type BodyOf, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { betPlacedToast } from "./bet-toast";

/** The body as the contract declares its wire format. */
export type PlaceBetBody = BodyOf<"placeBet">;

/**
 * What placing or resolving a bet changes: the bets, the stats, the balances the money moved,
 * and the shift's expected cash (a cash stake goes into the till; the Close shift and
 * pick-up dialogs must not show the figure from before it).
 */
export const BET_KEYS = [
  "/api/bets",
  "/api/dashboard/stats",
  "/api/customers",
  "/api/shops",
  "/api/transactions",
  "/api/shifts",
] as const;

export const placeBet = ({ body, key }: { body: PlaceBetBody; key: string }) =>
  call("placeBet", { body, headers: { "Idempotency-Key": key } });

/**
 * Refreshes the bets list and dashboard stats (and the balances the stake moved); the toast
 * names the bet, the stake and the customer's balance after it (issue 20 item 7).
 */
export function usePlaceBet() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: placeBet,
    onSuccess: (bet) => {
      for (const key of BET_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
      // Named once the balance after it is read; the dialog closes meanwhile.
      void betPlacedToast(queryClient, bet).then(notify.success);
    },
    onError: (error) => notify.error(error),
  });
}
