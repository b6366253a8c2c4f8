import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { MONEY_KEYS } from "../../transactions";

export const reverseTransaction = ({
  transactionId,
  key,
}: {
  transactionId: number;
  key: string;
}) =>
  call("reverseTransaction", {
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
