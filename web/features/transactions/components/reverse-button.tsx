import { lazy, Suspense, useState } from "react";
import { REVERSIBLE_TYPES } from "../../../../src/domain/enums";
import type { Transaction } from "../api/types";

const ReverseTransactionDialog = lazy(() => import("./reverse-transaction-dialog"));

/** Whether the row can be reversed: a till row, not archived, not itself a reversal. */
export function isReversible(t: Transaction): boolean {
  return REVERSIBLE_TYPES.includes(t.type) && !t.archived && t.reversalOf === null;
}

/**
 * An admin's "Reverse" on a transaction row (issue 12): opens the preview dialog for this
 * row, so a reversal no longer starts from a typed id.
 */
export function ReverseButton({ transaction }: { transaction: Transaction }) {
  const [open, setOpen] = useState(false);
  if (!isReversible(transaction)) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-xs btn-outline btn-warning"
        aria-label={`Reverse transaction ${transaction.id}`}
        onClick={() => setOpen(true)}
      >
        Reverse
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReverseTransactionDialog transactionId={transaction.id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
