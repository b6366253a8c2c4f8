import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CorrectionPreviewDto } from "../../../../src/domain/dto";
import { i18n } from "../../../i18n";
import { type Answer, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { MONEY_KEYS } from "./create-deposit";
import "../../../i18n/areas/transactions";

/** A reversal's dry run answers the preview; the real one the original and its opposite. */
function asPreview(answer: Answer<"reverseTransaction">): CorrectionPreviewDto {
  if (!("rows" in answer)) throw new Error(i18n.t("transactions.noPreview"));
  return answer;
}

/**
 * What reversing the row would write and do to each balance; nothing is written. The reason
 * is required by the dry run as by the real one, and echoed on the row it would write.
 */
export const previewReversal = (transactionId: number, reason: string, signal?: AbortSignal) =>
  call("reverseTransaction", { body: { transactionId, reason, dryRun: true }, signal }).then(
    asPreview,
  );

/**
 * The preview, asked once the reason is given (null: not yet), afresh each time (not under
 * "/api/..." so no list's refresh re-runs it; retried never: a refusal is the answer to show).
 */
export const useReversalPreview = (transactionId: number, reason: string | null) =>
  useQuery({
    queryKey: ["reversal-preview", transactionId, reason],
    queryFn: ({ signal }) => previewReversal(transactionId, reason ?? "", signal),
    enabled: reason !== null,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });

export const reverseTransaction = ({
  transactionId,
  reason,
  key,
}: {
  transactionId: number;
  reason: string;
  key: string;
}) =>
  call("reverseTransaction", {
    body: { transactionId, reason },
    headers: { "Idempotency-Key": key },
  });

export function useReverseTransaction() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: reverseTransaction,
    onSuccess: () => {
      notify.success(i18n.t("transactions.reversedDone"));
      for (const key of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => notify.error(error),
  });
}
