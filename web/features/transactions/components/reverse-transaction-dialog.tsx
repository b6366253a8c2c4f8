import { useState } from "react";
import { reverseSchema } from "../../../../src/domain/schemas";
import { CorrectionPreview } from "../../../components/ui/correction-preview";
import { Dialog } from "../../../components/ui/dialog";
import { TextareaField } from "../../../components/ui/field";
import { LoadingText } from "../../../components/ui/load-state";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { useIdempotencyKey } from "../../../lib/idempotency";
import { useReversalPreview, useReverseTransaction } from "../api/reverse-transaction";
import "../../../i18n/areas/transactions";

/** The reason's message from the server's own rule (required, trimmed, 3 to 500 characters). */
export function reasonError(reason: string): string | undefined {
  const parsed = reverseSchema.shape.reason.safeParse(reason);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * Reversing a transaction (issue 12, issue 20): the admin gives the reason (required; the
 * admin page's form asks for it with the id, the Transactions page's Reverse here), then the
 * dialog shows what the reversal writes and does to each balance (the server's dry run,
 * nothing written), and writes it only when the admin confirms. A row that cannot be
 * reversed says why instead.
 */
export default function ReverseTransactionDialog({
  transactionId,
  reason: givenReason,
  onClose,
  onDone,
}: {
  transactionId: number;
  /** Already asked for (the admin page's form); else the dialog asks first. */
  reason?: string;
  onClose: () => void;
  onDone?: () => void;
}) {
  const [draft, setDraft] = useState(givenReason ?? "");
  const [error, setError] = useState<string | undefined>();
  // The reason the preview was asked with: the confirmation sends exactly that.
  const [reason, setReason] = useState<string | null>(
    givenReason !== undefined && !reasonError(givenReason) ? givenReason.trim() : null,
  );
  const preview = useReversalPreview(transactionId, reason);
  const reverse = useReverseTransaction();
  const idempotency = useIdempotencyKey();
  const t = useT();
  const askPreview = () => {
    const found = reasonError(draft);
    setError(found);
    if (!found) setReason(draft.trim());
  };
  const confirm = () => {
    if (reason === null) return;
    reverse.mutate(
      { transactionId, reason, key: idempotency.keyFor({ transactionId, reason }) },
      {
        onSuccess: () => {
          onClose();
          onDone?.();
        },
      },
    );
  };
  // The server's refusal (already reversed, a bet's own row, not found) in the language
  // shown: its English for API clients, German from its reason (decision 070).
  const refusal = preview.error ? errorMessage(preview.error) : undefined;
  const title = t("transactions.reverseTitle", { id: transactionId });

  if (reason === null) {
    return (
      <Dialog onClose={onClose} title={title} wide>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            askPreview();
          }}
        >
          <p className="mb-3 text-sm">{t("transactions.reverseIntro")}</p>
          <TextareaField
            label={t("transactions.reverseReason")}
            rows={2}
            value={draft}
            error={error}
            maxLength={500}
            autoFocus
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className="modal-action flex-wrap gap-3">
            <button type="button" className="btn" onClick={onClose}>
              {t("common.cancel")}
            </button>
            <button type="submit" className="btn btn-primary">
              {t("transactions.preview")}
            </button>
          </div>
        </form>
      </Dialog>
    );
  }

  return (
    <Dialog onClose={onClose} title={title} wide>
      {preview.isLoading && <LoadingText text={t("transactions.previewing")} />}
      {preview.error && (
        <p role="alert" className="alert alert-error text-sm">
          {refusal}
        </p>
      )}
      {preview.data && (
        <>
          <p className="mb-3 text-sm" data-testid="reversal-reason">
            {t("transactions.reason", { reason: preview.data.rows[0]?.reason ?? reason })}
          </p>
          <p className="mb-3 text-sm">{t("transactions.reverseWrites")}</p>
          <CorrectionPreview preview={preview.data} />
        </>
      )}
      <div className="modal-action flex-wrap gap-3">
        {givenReason === undefined ? (
          <button type="button" className="btn" onClick={() => setReason(null)}>
            {t("transactions.back")}
          </button>
        ) : (
          <button type="button" className="btn" onClick={onClose}>
            {t("common.cancel")}
          </button>
        )}
        <button
          type="button"
          className="btn btn-warning"
          disabled={!preview.data || reverse.isPending}
          onClick={confirm}
        >
          {reverse.isPending ? t("transactions.reversing") : t("transactions.confirmReversal")}
        </button>
      </div>
    </Dialog>
  );
}
