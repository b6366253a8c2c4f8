import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CorrectionPreviewDto } from "../../../../src/domain/dto";
import { type Answer, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { MONEY_KEYS } from "./create-deposit";

/** A reversal's dry run answers the preview; the real one the original and its opposite. */
function asPreview(answer: Answer<"reverseTransaction">): CorrectionPreviewDto {
  if (!("rows" in answer)) throw new Error("The server did not answer a preview");
  return answer;
}

/** What reversing the row would write and do to each balance; nothing is written. */
export const previewReversal = (transactionId: number, signal?: AbortSignal) =>
  call("reverseTransaction", { body: { transactionId, dryRun: true }, signal }).then(asPreview);

/**
 * The preview, asked afresh each time the dialog opens (not under "/api/..." so no list's
 * refresh re-runs it; retried never: a refusal is the answer to show).
 */
export const useReversalPreview = (transactionId: number) =>
  useQuery({
    queryKey: ["reversal-preview", transactionId],
    queryFn: ({ signal }) => previewReversal(transactionId, signal),
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });

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
