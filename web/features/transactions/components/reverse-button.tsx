import { lazy } from "react";
import { REVERSIBLE_TYPES } from "../../../../src/domain/enums";
import { useT } from "../../../i18n";
import type { Transaction } from "../api/types";
import "../../../i18n/areas/transactions";

/** The preview dialog, loaded on first use. */
export const ReverseTransactionDialog = lazy(() => import("./reverse-transaction-dialog"));

/** Whether the row can be reversed: a till row, not archived, not itself a reversal. */
export function isReversible(t: Transaction): boolean {
  return REVERSIBLE_TYPES.includes(t.type) && !t.archived && t.reversalOf === null;
}

/**
 * An admin's "Reverse" on a transaction row (issue 12): asks the table to open the preview
 * dialog for this row (the table holds the dialog, so a list refresh cannot close it).
 */
export function ReverseButton({
  transaction,
  onReverse,
}: {
  transaction: Transaction;
  onReverse: (id: number) => void;
}) {
  const t = useT();
  if (!isReversible(transaction)) return null;
  return (
    <button
      type="button"
      className="btn btn-xs"
      aria-label={t("transactions.reverseLabel", { id: transaction.id })}
      onClick={() => onReverse(transaction.id)}
    >
      {t("transactions.reverse")}
    </button>
  );
}
