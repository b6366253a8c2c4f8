import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
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
    onSuccess: () => {
      notify.success("Withdrawal processed successfully");
      for (const key of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => notify.error(error),
  });
}
