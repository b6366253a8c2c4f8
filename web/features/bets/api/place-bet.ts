import { useMutation, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { type BodyOf, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import "../../../i18n/areas/bets";

/** The body as the contract declares its wire format. */
export type PlaceBetBody = BodyOf<"placeBet">;

/** What placing or resolving a bet changes: the bets, the stats, and the balances the money moved. */
export const BET_KEYS = [
  "/api/bets",
  "/api/dashboard/stats",
  "/api/customers",
  "/api/shops",
  "/api/transactions",
] as const;

export const placeBet = ({ body, key }: { body: PlaceBetBody; key: string }) =>
  call("placeBet", { body, headers: { "Idempotency-Key": key } });

/** Refreshes the bets list and dashboard stats (and the balances the stake moved). */
export function usePlaceBet() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: placeBet,
    onSuccess: () => {
      notify.success(i18n.t("bets.toast.placed"));
      for (const key of BET_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => notify.error(error),
  });
}
