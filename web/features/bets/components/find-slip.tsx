import { useAtomValue } from "jotai";
import { useId, useState } from "react";
import { useLocation } from "wouter";
import { formatSlipCode, normalizeSlipCode } from "../../../../src/domain/slip-code";
import { errorMessage, isNotFound } from "../../../lib/api-client";
import { canMutateAtom } from "../../../lib/session";
import { findSlip } from "../api/get-slip";

/**
 * "Find slip" (issue 12): a code typed or scanned (a scanner types it and presses Enter)
 * opens its bet. Case, spaces and dashes do not matter; a code no bet matches says so here.
 * `onFound` runs once the bet opens.
 */
export default function FindSlip({ onFound }: { onFound?: () => void } = {}) {
  const inputId = useId();
  const messageId = useId();
  const [, navigate] = useLocation();
  const [text, setText] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Finding any bet by its code is staff's work (GET /api/slips/{code}).
  const isStaff = useAtomValue(canMutateAtom);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    if (!typed || busy) return;
    const code = normalizeSlipCode(typed);
    if (code === null) {
      setMessage(`"${typed}" is not a slip code: 10 letters and digits, like 7KX4Q-M9TRB.`);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const slip = await findSlip(code);
      navigate(`/bets/${slip.betId}`);
      // The Find slip dialog (a counter key) closes on its bet.
      onFound?.();
    } catch (error) {
      setMessage(
        isNotFound(error)
          ? `No bet matches the slip code ${formatSlipCode(code)}. Check the code, or the slip may not be genuine.`
          : errorMessage(error),
      );
    } finally {
      setBusy(false);
    }
  };

  if (!isStaff) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for every browser here (happy-dom)
    <form role="search" aria-label="Find slip" className="flex flex-col gap-1" onSubmit={submit}>
      <div className="join">
        <label htmlFor={inputId} className="sr-only">
          Find slip
        </label>
        <input
          id={inputId}
          className="input input-bordered input-sm join-item w-48 font-mono uppercase"
          placeholder="Find slip: code"
          autoComplete="off"
          spellCheck={false}
          value={text}
          aria-describedby={message ? messageId : undefined}
          aria-invalid={message ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setMessage(null);
          }}
        />
        <button type="submit" className="btn btn-sm join-item" disabled={busy}>
          {busy ? "Finding..." : "Find"}
        </button>
      </div>
      {message && (
        <p id={messageId} role="alert" className="max-w-xs text-sm text-error">
          {message}
        </p>
      )}
    </form>
  );
}
