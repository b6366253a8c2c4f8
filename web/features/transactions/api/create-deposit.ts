import { useMutation, useQueryClient } from "@tanstack/react-query";
import { centsOf } from "../../../../src/domain/money";
import { type BodyOf, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { cashMovementToast } from "./cash-movement-toast";

/** The body as the contract declares its wire format. */
export type CashMovementBody = BodyOf<"deposit">;

/**
 * What a deposit or withdrawal changes: the rows, the balances, the stats, and the shift's
 * expected cash (the money crossed its till's counter), refreshed here, not left to the live
 * stream's echo.
 */
export const MONEY_KEYS = [
  "/api/transactions",
  "/api/customers",
  "/api/shops",
  "/api/dashboard/stats",
  "/api/shifts",
] as const;

export const createDeposit = ({ body, key }: { body: CashMovementBody; key: string }) =>
  call("deposit", {
    body,
    headers: { "Idempotency-Key": key },
  });

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: (transaction, { body }) => {
      for (const key of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
      // Named once the balance after it is read; the dialog closes meanwhile.
      const cents = centsOf(transaction.amount);
      void cashMovementToast(queryClient, "deposit", cents, Number(body.customerId)).then(
        notify.success,
      );
    },
    onError: (error) => notify.error(error),
  });
}
