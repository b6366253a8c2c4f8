import { type FormEvent, useId, useState } from "react";
import { centsOf, formatEuro } from "../../../../src/domain/money";
import { VOID_REASON_MESSAGE } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions } from "../../../components/ui/field";
import { useNotify } from "../../../lib/notify";
import { useResolveBet } from "../api/resolve-bet";
import type { Bet } from "../api/types";

/** 'Void Bet': a non-blank, trimmed reason is required. */
export default function VoidBetDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const id = useId();
  const notify = useNotify();
  const mutation = useResolveBet();
  const close = () => {
    setReason("");
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const voidReason = reason.trim();
    if (!voidReason) {
      notify.block("Reason Required", VOID_REASON_MESSAGE);
      return;
    }
    mutation.mutate({ id: bet.id, status: "VOID", voidReason }, { onSuccess: close });
  };
  return (
    <Dialog onClose={close} title="Void Bet">
      <form onSubmit={submit}>
        <p className="mb-1">
          Bet: <strong>{bet.description}</strong>
        </p>
        <p className="mb-3 text-sm" data-testid="settle-effect">
          Refunds the stake of {formatEuro(centsOf(bet.stakeAmount))} to the customer.
        </p>
        <label htmlFor={id} className="label mb-1 text-sm font-medium text-base-content">
          Reason for voiding this bet *
        </label>
        <textarea
          id={id}
          className="textarea textarea-bordered w-full"
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <FormActions
          onCancel={close}
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
