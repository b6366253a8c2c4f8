import { type FormEvent, useRef, useState } from "react";
import { centsOf, formatEuro } from "../../../../src/domain/money";
import { VOID_REASON_MESSAGE } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, TextareaField } from "../../../components/ui/field";
import { useNotify } from "../../../lib/notify";
import { useResolveBet } from "../api/resolve-bet";
import type { Bet } from "../api/types";

/** The reasons a counter voids for most (issue 20): one click fills the reason box. */
export const VOID_PRESETS = ["Non-runner", "Abandoned", "Palpable error", "Duplicate"] as const;

/**
 * The real `autofocus` attribute: showModal() focuses the element carrying it when the
 * dialog opens. (React's autoFocus only calls focus() while rendering, before the dialog is
 * shown, when nothing inside it can take the focus.)
 */
const autofocus = (element: HTMLElement | null) => element?.setAttribute("autofocus", "");

/**
 * 'Void Bet': a non-blank, trimmed reason is required. The reason box sits under its label
 * (a field of the form, never beside it and past the dialog's edge), has the focus when the
 * dialog opens, and the presets fill it.
 */
export default function VoidBetDialog({
  bet,
  onClose,
  onSettled = onClose,
}: {
  bet: Bet;
  onClose: () => void;
  /** After the bet is voided (the dialog's owner closes it); by default onClose. */
  onSettled?: () => void;
}) {
  const [reason, setReason] = useState("");
  const box = useRef<HTMLTextAreaElement | null>(null);
  const notify = useNotify();
  const mutation = useResolveBet();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const voidReason = reason.trim();
    if (!voidReason) {
      notify.block("Reason Required", VOID_REASON_MESSAGE);
      return;
    }
    mutation.mutate({ id: bet.id, status: "VOID", voidReason }, { onSuccess: onSettled });
  };
  return (
    <Dialog onClose={onClose} title="Void Bet">
      <form onSubmit={submit}>
        <p className="mb-1">
          Bet: <strong>{bet.description}</strong>
        </p>
        <p className="mb-3 text-sm" data-testid="settle-effect">
          Refunds the stake of {formatEuro(centsOf(bet.stakeAmount))} to the customer.
        </p>
        <TextareaField
          ref={(element) => {
            box.current = element;
            autofocus(element);
          }}
          label="Reason for voiding this bet *"
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <fieldset className="mb-2 flex flex-wrap gap-2">
          <legend className="mb-1 text-sm">Common reasons</legend>
          {VOID_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => {
                setReason(preset);
                box.current?.focus();
              }}
            >
              {preset}
            </button>
          ))}
        </fieldset>
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label="Void Bet"
          pendingLabel="Voiding..."
          disabled={reason.trim() === ""}
          destructive
        />
      </form>
    </Dialog>
  );
}
