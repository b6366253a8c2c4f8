import { useAtomValue } from "jotai";
import { type ReactNode, useId, useState } from "react";
import { useLocation } from "wouter";
import { formatSlipCode, normalizeSlipCode } from "../../../../src/domain/slip-code";
import { useFocusKeptThroughPending } from "../../../components/ui/use-focus-kept-through-pending";
import { useT } from "../../../i18n";
import { errorMessage, isNotFound } from "../../../lib/api-client";
import { canMutateAtom } from "../../../lib/session";
import { findSlip, type Slip } from "../api/get-slip";
import type { SlipPayment } from "../api/pay-slip";
import { SlipResult } from "./slip-result";
import "../../../i18n/areas/bets";

/**
 * "Find slip" (issue 12): a code typed or scanned (a scanner types it and presses Enter)
 * opens its bet. Case, spaces and dashes do not matter; a code no bet matches says so here.
 * `onFound` runs once the bet opens. With `showResult` (the counter's Find slip, issue 21)
 * the slip shows here first: its state, whether it was paid, and Pay for a cash winner.
 */
export default function FindSlip({
  onFound,
  showResult = false,
  paymentReceipt,
}: {
  onFound?: () => void;
  showResult?: boolean;
  /** The payment's printable receipt (the receipts' component), after Pay. */
  paymentReceipt?: (payment: SlipPayment, code: string) => ReactNode;
} = {}) {
  const inputId = useId();
  const messageId = useId();
  const [, navigate] = useLocation();
  const t = useT();
  const [text, setText] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Find is disabled while it looks: pressed from the keyboard, it has the focus again after.
  const findRef = useFocusKeptThroughPending(busy);
  const [found, setFound] = useState<Slip | null>(null);
  // Finding any bet by its code is staff's work (GET /api/slips/{code}).
  const isStaff = useAtomValue(canMutateAtom);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    if (!typed || busy) return;
    const code = normalizeSlipCode(typed);
    if (code === null) {
      setMessage(t("bets.findSlip.notACode", { typed }));
      return;
    }
    setBusy(true);
    setMessage(null);
    setFound(null);
    try {
      const slip = await findSlip(code);
      if (showResult) setFound(slip);
      else open(slip.betId);
    } catch (error) {
      setMessage(
        isNotFound(error)
          ? t("bets.findSlip.noMatch", { code: formatSlipCode(code) })
          : errorMessage(error),
      );
    } finally {
      setBusy(false);
    }
  };

  const open = (betId: number) => {
    navigate(`/bets/${betId}`);
    // The Find slip dialog (a counter key) closes on its bet.
    onFound?.();
  };

  if (!isStaff) return null;
  const search = (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for every browser here (happy-dom)
    <form
      role="search"
      aria-label={t("bets.findSlip.title")}
      className="flex flex-col gap-1"
      onSubmit={submit}
    >
      <div className="join">
        <label htmlFor={inputId} className="sr-only">
          {t("bets.findSlip.title")}
        </label>
        <input
          id={inputId}
          className="input input-bordered input-sm join-item w-48 font-mono uppercase"
          placeholder={t("bets.findSlip.placeholder")}
          autoComplete="off"
          spellCheck={false}
          value={text}
          aria-describedby={message ? messageId : undefined}
          aria-invalid={message ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setMessage(null);
            setFound(null);
          }}
        />
        <button ref={findRef} type="submit" className="btn btn-sm join-item" disabled={busy}>
          {busy ? t("bets.findSlip.finding") : t("bets.findSlip.find")}
        </button>
      </div>
      {message && (
        <p id={messageId} role="alert" className="max-w-xs text-sm text-error">
          {message}
        </p>
      )}
    </form>
  );
  if (!found) return search;
  return (
    <>
      {search}
      <SlipResult
        key={found.code}
        slip={found}
        onOpen={() => open(found.betId)}
        // Paid (or changed) meanwhile: the result shows the slip as it now stands.
        onStale={() => {
          findSlip(found.code)
            .then(setFound)
            .catch(() => {});
        }}
        paymentReceipt={paymentReceipt}
      />
    </>
  );
}
