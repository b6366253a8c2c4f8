import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useT } from "../../i18n";
import { euroCents } from "../../lib/format";
import { useLargeAmountCents } from "../../lib/settings";
import { useFocusKeptThroughPending } from "./use-focus-kept-through-pending";

/**
 * The large-amount step of a money dialog: `holds(body, cents)` is true (and the
 * confirmation is then shown, with `pending` set) when the amount reaches LARGE_AMOUNT and
 * has not been confirmed yet; otherwise the caller sends at once. `back` returns to the form.
 */
export function useLargeAmountStep<B>() {
  const largeAmountCents = useLargeAmountCents();
  const [pending, setPending] = useState<{ body: B; amountCents: number } | null>(null);
  return {
    pending,
    holds(body: B, amountCents: number): boolean {
      if (pending || amountCents < largeAmountCents) return false;
      setPending({ body, amountCents });
      return true;
    },
    back: () => setPending(null),
  };
}

/**
 * The second, explicit confirmation of a large amount (LARGE_AMOUNT, issue 9): the amount
 * in large type, what it is for, and a confirm button that names it. Shown inside the
 * dialog in place of its form, which keeps its values for "Go back".
 */
export function AmountConfirmation({
  question,
  amountCents,
  details,
  confirmLabel,
  pending,
  pendingLabel,
  onBack,
  onConfirm,
}: {
  question: string;
  amountCents: number;
  details?: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  pendingLabel?: string;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const id = useId();
  const backRef = useRef<HTMLButtonElement>(null);
  // Disabled while it sends: a refusal gives the focus back to it, not to the page.
  const confirmRef = useFocusKeptThroughPending(pending === true);
  const t = useT();
  // Focus the safe choice: Enter from the form must not confirm by accident.
  useEffect(() => backRef.current?.focus(), []);
  return (
    <section aria-labelledby={`${id}-question`} aria-describedby={`${id}-amount`}>
      <p id={`${id}-question`} className="font-medium">
        {question}
      </p>
      <p
        id={`${id}-amount`}
        className="my-4 text-center text-4xl font-bold tabular-nums"
        data-testid="large-amount"
      >
        {euroCents(amountCents)}
      </p>
      {details}
      <div className="modal-action flex-wrap gap-3">
        <button ref={backRef} type="button" className="btn" onClick={onBack}>
          {t("common.goBack")}
        </button>
        <button
          ref={confirmRef}
          type="button"
          className="btn btn-warning"
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
        </button>
      </div>
    </section>
  );
}
