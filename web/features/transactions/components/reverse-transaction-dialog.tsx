import { CorrectionPreview } from "../../../components/ui/correction-preview";
import { Dialog } from "../../../components/ui/dialog";
import { LoadingText } from "../../../components/ui/load-state";
import { ApiError } from "../../../lib/api-client";
import { useIdempotencyKey } from "../../../lib/idempotency";
import { useReversalPreview, useReverseTransaction } from "../api/reverse-transaction";

/**
 * Reversing a transaction (issue 12): the dialog first shows what the reversal writes and
 * what it does to each balance (the server's dry run, nothing written), then writes it only
 * when the admin confirms. A row that cannot be reversed says why instead.
 */
export default function ReverseTransactionDialog({
  transactionId,
  onClose,
  onDone,
}: {
  transactionId: number;
  onClose: () => void;
  onDone?: () => void;
}) {
  const preview = useReversalPreview(transactionId);
  const reverse = useReverseTransaction();
  const idempotency = useIdempotencyKey();
  const confirm = () =>
    reverse.mutate(
      { transactionId, key: idempotency.keyFor({ transactionId }) },
      {
        onSuccess: () => {
          onClose();
          onDone?.();
        },
      },
    );
  const refusal =
    preview.error instanceof ApiError ? preview.error.serverMessage : preview.error?.message;
  return (
    <Dialog onClose={onClose} title={`Reverse transaction #${transactionId}`} wide>
      {preview.isLoading && <LoadingText text="Working out what the reversal does..." />}
      {preview.error && (
        <p role="alert" className="alert alert-error text-sm">
          {refusal}
        </p>
      )}
      {preview.data && (
        <>
          <p className="mb-3 text-sm">
            The original stays in the ledger, archived, and its exact opposite is written:
          </p>
          <CorrectionPreview preview={preview.data} />
        </>
      )}
      <div className="modal-action flex-wrap gap-3">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-warning"
          disabled={!preview.data || reverse.isPending}
          onClick={confirm}
        >
          {reverse.isPending ? "Reversing..." : "Confirm reversal"}
        </button>
      </div>
    </Dialog>
  );
}
