import { useRef, useState } from "react";
import { sameTerms } from "../../../../src/domain/settlement-terms";
import { CorrectionPreview } from "../../../components/ui/correction-preview";
import { Dialog } from "../../../components/ui/dialog";
import { SelectField, TextareaField } from "../../../components/ui/field";
import {
  useFocusFollowsSwap,
  useFocusKeptThroughPending,
} from "../../../components/ui/use-focus-kept-through-pending";
import { i18n, useT } from "../../../i18n";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useIdempotencyKey } from "../../../lib/idempotency";
import { type ResettleBody, usePreviewResettlement, useResettleBet } from "../api/resettle-bet";
import type { Bet } from "../api/types";
import {
  readTerms,
  SettlementTermsFields,
  termsBody,
  termsText,
  useTermsInput,
} from "./settlement-terms";
import "../../../i18n/areas/bets";

/** PLACED only for an each-way bet (decision 052). */
type Outcome = "WON" | "PLACED" | "LOST" | "VOID";
const OUTCOMES: Outcome[] = ["WON", "PLACED", "LOST", "VOID"];

/**
 * "Re-settle" (issue 12, admins): a settled bet's new outcome, the reason (required) and a
 * void reason for Void. "Preview" asks the server for a dry run and shows the ledger rows it
 * would write and each balance before and after, in plain words; only "Confirm
 * re-settlement" writes, and it writes exactly that. Won and Placed take a dead heat and a
 * Rule 4 deduction (decision 084); a Won or Placed bet is offered its own outcome again, last,
 * for new terms (a Rule 4 declared after a winner was paid). The preview shows in place of the
 * form, its summary taking the focus (the Preview button that had it is gone); Back gives it
 * to the form's first field. Both name the settlement the bet was shown with (`from`): when
 * another admin settled it otherwise in between, the confirmation is refused and the form
 * comes back with the bet as it now is (decision 094).
 */
export default function ResettleBetDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const paying = (o: string) => o === "WON" || o === "PLACED";
  const others = OUTCOMES.filter((o) => o !== bet.status && (o !== "PLACED" || bet.eachWay));
  // The bet's own outcome comes last, so the first offered is still another outcome.
  const choices = paying(bet.status) ? [...others, bet.status as Outcome] : others;
  const [status, setStatus] = useState<Outcome>(choices[0] ?? "LOST");
  const { input, setInput } = useTermsInput(bet);
  const { terms, rule4Error } = readTerms(input, status, bet.eachWay !== null);
  const [unchanged, setUnchanged] = useState(false);
  const [reason, setReason] = useState("");
  const [voidReason, setVoidReason] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; voidReason?: string }>({});
  const preview = usePreviewResettlement();
  const resettle = useResettleBet();
  const idempotency = useIdempotencyKey();
  const t = useT();
  const body: ResettleBody = {
    status,
    reason: reason.trim(),
    voidReason: status === "VOID" ? voidReason.trim() : undefined,
    ...termsBody(terms),
    from: {
      status: bet.status as Outcome,
      deadHeat: bet.deadHeat ?? null,
      rule4Deduction: bet.rule4Deduction ?? null,
    },
  };

  const askPreview = () => {
    const found: typeof errors = {};
    if (!body.reason) found.reason = t("bets.resettle.reasonRequired");
    if (status === "VOID" && !body.voidReason) found.voidReason = t("bets.void.reasonMessage");
    setErrors(found);
    // The same outcome on the same terms would change nothing: said here, not asked.
    const same =
      status === bet.status &&
      sameTerms(terms, {
        deadHeat: bet.deadHeat ?? null,
        rule4Deduction: bet.rule4Deduction ?? null,
      });
    setUnchanged(same);
    if (Object.keys(found).length === 0 && !rule4Error && !same) {
      resettle.reset();
      preview.mutate({ id: bet.id, body });
    }
  };
  // Exactly what was previewed, on the settlement it was previewed on.
  const previewed = preview.variables?.body ?? body;
  const confirm = () =>
    resettle.mutate(
      { id: bet.id, body: previewed, key: idempotency.keyFor({ id: bet.id, body: previewed }) },
      {
        onSuccess: onClose,
        // Settled otherwise meanwhile: back to the form, which shows the bet as it now is.
        onError: (error) => {
          if (changedMeanwhile(error)) preview.reset();
        },
      },
    );
  // The server's refusal (in German its code's message, decision 065).
  const failed = preview.error ?? (changedMeanwhile(resettle.error) ? resettle.error : null);
  const refusal = failed ? errorMessage(failed) : undefined;
  const shown = preview.data;
  const summary = useRef<HTMLParagraphElement>(null);
  const outcome = useRef<HTMLSelectElement>(null);
  const steps = useFocusFollowsSwap<HTMLDivElement>(shown !== undefined, () =>
    shown ? summary.current : outcome.current,
  );
  // Disabled while they send: a refusal gives the focus back to them, not to the page.
  const previewButton = useFocusKeptThroughPending(preview.isPending);
  const confirmButton = useFocusKeptThroughPending(resettle.isPending);

  return (
    <Dialog onClose={onClose} title={t("bets.resettle.title", { id: bet.id })} wide>
      <div ref={steps}>
        {shown ? (
          <>
            <p ref={summary} tabIndex={-1} className="mb-3" data-testid="resettle-summary">
              <strong>{bet.description}</strong>:{" "}
              {t("bets.resettle.becomes", {
                from: t(`bets.outcome.${bet.status}`) + withTerms(bet),
              })}{" "}
              <strong>{t(`bets.outcome.${shown.bet.status}`) + withTerms(shown.bet)}</strong>
              {t("bets.resettle.reasonIs", { reason: body.reason })}
            </p>
            <CorrectionPreview preview={shown} />
            <div className="modal-action flex-wrap gap-3">
              <button type="button" className="btn" onClick={() => preview.reset()}>
                {t("bets.resettle.back")}
              </button>
              <button
                ref={confirmButton}
                type="button"
                className="btn btn-warning"
                disabled={resettle.isPending}
                onClick={confirm}
              >
                {resettle.isPending ? t("bets.resettle.resettling") : t("bets.resettle.confirm")}
              </button>
            </div>
          </>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              askPreview();
            }}
          >
            <p className="mb-3 text-sm">
              {t("bets.resettle.now")}{" "}
              <strong>{t(`bets.outcome.${bet.status}`) + withTerms(bet)}</strong>
              {t("bets.resettle.undone")}
            </p>
            <SelectField
              ref={outcome}
              label={t("bets.resettle.newOutcome")}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as Outcome);
                setUnchanged(false);
              }}
            >
              {choices.map((o) => (
                <option key={o} value={o}>
                  {o === bet.status
                    ? t("bets.resettle.sameOutcome", { label: t(`bets.outcome.${o}`) })
                    : t(`bets.outcome.${o}`)}
                </option>
              ))}
            </SelectField>
            {(status === "WON" || status === "PLACED") && (
              <SettlementTermsFields
                input={input}
                setInput={(next) => {
                  setInput(next);
                  setUnchanged(false);
                }}
                status={status}
                eachWay={bet.eachWay !== null}
                rule4Error={rule4Error}
              />
            )}
            <TextareaField
              label={t("bets.resettle.reason")}
              rows={2}
              value={reason}
              error={errors.reason}
              onChange={(event) => setReason(event.target.value)}
            />
            {status === "VOID" && (
              <TextareaField
                label={t("bets.resettle.voidReason")}
                rows={2}
                value={voidReason}
                error={errors.voidReason}
                onChange={(event) => setVoidReason(event.target.value)}
              />
            )}
            {unchanged && (
              <p role="alert" className="alert alert-warning mb-3 text-sm">
                {t("bets.resettle.sameTerms", { label: t(`bets.outcome.${bet.status}`) })}
              </p>
            )}
            {refusal && !unchanged && (
              <p role="alert" className="alert alert-error mb-3 text-sm">
                {refusal}
              </p>
            )}
            <div className="modal-action flex-wrap gap-3">
              <button type="button" className="btn" onClick={onClose}>
                {t("common.cancel")}
              </button>
              <button
                ref={previewButton}
                type="submit"
                className="btn btn-primary"
                disabled={preview.isPending}
              >
                {preview.isPending ? t("bets.resettle.working") : t("bets.resettle.preview")}
              </button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}

const changedMeanwhile = (error: unknown) =>
  error instanceof ApiError && error.reason === "RESETTLE_CHANGED";

/** " (dead heat 1/2 on the win part)" after an outcome settled on terms; "" otherwise. */
function withTerms(bet: Pick<Bet, "deadHeat" | "rule4Deduction">): string {
  const text = termsText(bet);
  return text ? i18n.t("bets.resettle.withTerms", { terms: text }) : "";
}
