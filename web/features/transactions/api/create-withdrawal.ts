import { useMutation, useQueryClient } from "@tanstack/react-query";
import { centsOf } from "../../../../src/domain/money";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { cashMovementToast } from "./cash-movement-toast";
import { type CashMovementBody, MONEY_KEYS } from "./create-deposit";

export const createWithdrawal = ({ body, key }: { body: CashMovementBody; key: string }) =>
  call("withdraw", {
    body,
    headers: { "Idempotency-Key": key },
  });

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: (transaction, { body }) => {
      for (const key of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
      // Named once the balance after it is read; the dialog closes meanwhile.
      const cents = centsOf(transaction.amount);
      void cashMovementToast(queryClient, "withdrawal", cents, Number(body.customerId)).then(
        notify.success,
      );
    },
    onError: (error) => notify.error(error),
  });
}
