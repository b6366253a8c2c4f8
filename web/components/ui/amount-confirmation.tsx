import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useT } from "../../i18n";
import { euroCents } from "../../lib/format";
import { useLargeAmountCents } from "../../lib/settings";
import { useDialogEscape } from "./dialog";
import { useFocusKeptThroughPending } from "./use-focus-kept-through-pending";

/**
 * The large-amount step of a money dialog: `holds(body, cents)` is true (and the
 * confirmation is then shown, with `pending` set) when the amount reaches LARGE_AMOUNT and
 * has not been confirmed yet; otherwise the caller sends at once. `goBack` is the
 * confirmation's "Go back": it returns to the form and gives the focus to what the cashier
 * will correct, `focusOnBack` (the amount field; the form's submit button when the caller
 * cannot say which), once the form shows again; without it, to what had the focus when the
 * amount was held, if that is still on the page. Else the focus fell to <body> with the
 * Go back button that had it. `back` only drops the held amount (the dialog closing, the
 * write answered).
 */
export function useLargeAmountStep<B>(focusOnBack?: () => void) {
  const largeAmountCents = useLargeAmountCents();
  const [pending, setPending] = useState<{ body: B; amountCents: number } | null>(null);
  const heldFrom = useRef<Element | null>(null);
  const returning = useRef(false);
  const focusAfter = useRef(focusOnBack);
  focusAfter.current = focusOnBack;
  // After the render that shows the form again: a hidden field cannot take the focus.
  useEffect(() => {
    if (pending !== null || !returning.current) return;
    returning.current = false;
    if (focusAfter.current) focusAfter.current();
    else if (heldFrom.current instanceof HTMLElement && heldFrom.current.isConnected) {
      heldFrom.current.focus();
    }
  }, [pending]);
  return {
    pending,
    holds(body: B, amountCents: number): boolean {
      if (pending || amountCents < largeAmountCents) return false;
      heldFrom.current = document.activeElement;
      setPending({ body, amountCents });
      return true;
    },
    back: () => {
      returning.current = false;
      setPending(null);
    },
    goBack: () => {
      returning.current = true;
      setPending(null);
    },
  };
}

/**
 * The second, explicit confirmation of a large amount (LARGE_AMOUNT, issue 9): the amount
 * in large type, what it is for, and a confirm button that names it. Shown inside the
 * dialog in place of its form, which keeps its values for "Go back"; Escape is "Go back"
 * too (it closed the whole dialog, and the filled form with it).
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
  useDialogEscape(onBack);
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
