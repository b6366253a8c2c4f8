import { type FormEvent, useRef, useState } from "react";
import { centsOf } from "../../../../src/domain/money";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, TextareaField } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { euroCents } from "../../../lib/format";
import { useIdempotencyKey } from "../../../lib/idempotency";
import { useNotify } from "../../../lib/notify";
import { useResolveBet } from "../api/resolve-bet";
import type { Bet } from "../api/types";
import "../../../i18n/areas/bets";

/** The reasons a counter voids for most (issue 20): one click fills the reason box. */
export const VOID_PRESETS = ["Non-runner", "Abandoned", "Palpable error", "Duplicate"] as const;

/** Each preset's catalogue key: the box is filled in the language showing. */
const PRESET_KEYS = {
  "Non-runner": "bets.void.presets.nonRunner",
  Abandoned: "bets.void.presets.abandoned",
  "Palpable error": "bets.void.presets.palpableError",
  Duplicate: "bets.void.presets.duplicate",
} as const satisfies Record<(typeof VOID_PRESETS)[number], string>;

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
  const idempotency = useIdempotencyKey();
  const t = useT();
  // A void gives back what the bet cost: both parts of an each-way bet (decision 052). A cash
  // bet has no account to credit: its stake is owed on the slip, paid at a till (decision 051).
  const refund = euroCents(centsOf(bet.totalStake));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const voidReason = reason.trim();
    if (!voidReason) {
      notify.block(t("bets.void.reasonRequired"), t("bets.void.reasonMessage"));
      return;
    }
    // One key per bet and reason: Void pressed again after no answer (or twice) reuses it.
    const payload = { id: bet.id, status: "VOID" as const, voidReason };
    mutation.mutate(
      { ...payload, key: idempotency.keyFor(payload) },
      {
        onSuccess: () => {
          idempotency.reset();
          onSettled();
        },
      },
    );
  };
  return (
    <Dialog onClose={onClose} title={t("bets.void.title")}>
      <form onSubmit={submit}>
        <p className="mb-1">
          {t("bets.void.bet")}
          <strong>{bet.description}</strong>
        </p>
        <p className="mb-3 text-sm" data-testid="settle-effect">
          {t(bet.customerId === null ? "bets.void.refundsCash" : "bets.void.refunds", {
            amount: refund,
          })}
        </p>
        <TextareaField
          ref={(element) => {
            box.current = element;
            autofocus(element);
          }}
          label={t("bets.void.reasonLabel")}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <fieldset className="mb-2 flex flex-wrap gap-2">
          <legend className="mb-1 text-sm">{t("bets.void.commonReasons")}</legend>
          {VOID_PRESETS.map((preset) => {
            const text = t(PRESET_KEYS[preset]);
            return (
              <button
                key={preset}
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => {
                  setReason(text);
                  box.current?.focus();
                }}
              >
                {text}
              </button>
            );
          })}
        </fieldset>
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label={t("bets.void.title")}
          pendingLabel={t("bets.void.voiding")}
          disabled={reason.trim() === ""}
          destructive
        />
      </form>
    </Dialog>
  );
}
