import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { MONEY_KEYS, type Transaction } from "../../transactions";

export const reverseTransaction = ({
  transactionId,
  key,
}: {
  transactionId: number;
  key: string;
}) =>
  api<{ original: Transaction; reversal: Transaction }>("/api/admin/reverse-transaction", {
    method: "POST",
    body: { transactionId },
    headers: { "Idempotency-Key": key },
  });

export function useReverseTransaction() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: reverseTransaction,
    onSuccess: () => {
      notify.success("Transaction reversed successfully");
      for (const key of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => notify.error(error),
  });
}
