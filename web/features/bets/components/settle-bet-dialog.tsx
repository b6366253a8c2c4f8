import { useId, useRef } from "react";
import { centsOf } from "../../../../src/domain/money";
import { AmountConfirmation, useLargeAmountStep } from "../../../components/ui/amount-confirmation";
import { Dialog } from "../../../components/ui/dialog";
import { useT } from "../../../i18n";
import { euroCents, fullName } from "../../../lib/format";
import { useIdempotencyKey } from "../../../lib/idempotency";
import { showOdds, useOddsFormat } from "../../../lib/odds";
import { useResolveBet } from "../api/resolve-bet";
import type { Bet } from "../api/types";
import { eachWayText, settleReturnCents } from "./each-way";
import {
  readTerms,
  SettlementTermsFields,
  termsBody,
  termsText,
  useTermsInput,
} from "./settlement-terms";
import { useWonNeedsAdmin } from "./won-needs-admin";
import "../../../i18n/areas/bets";
import "../../../i18n/areas/refusals";

/**
 * 'Settle bet' (issue 9): Won and Lost are confirmed, naming the bet and what it pays. A Won
 * payout from LARGE_AMOUNT asks once more, with the amount in large type; for staff it needs
 * an admin (issue 10): Confirm Won is disabled, saying why. Won and Placed may carry a dead
 * heat or a Rule 4 deduction (decision 084): the amount shown, the large-amount step and the
 * four-eyes check all use what the settlement will pay with them.
 */
export default function SettleBetDialog({
  bet,
  status,
  onClose,
  onSettled = onClose,
}: {
  bet: Bet;
  /** PLACED: an each-way bet's place part alone won (decision 052). */
  status: "WON" | "PLACED" | "LOST";
  onClose: () => void;
  /** After the settlement (the dialog's owner closes it); by default onClose. */
  onSettled?: () => void;
}) {
  const resolve = useResolveBet();
  const idempotency = useIdempotencyKey();
  const oddsFormat = useOddsFormat();
  // Go back from the large payout: no amount field here, so the Confirm button pressed.
  const confirmRef = useRef<HTMLButtonElement>(null);
  const large = useLargeAmountStep<null>(() => confirmRef.current?.focus());
  const t = useT();
  // Won and Placed pay (Placed the place part of an each-way bet); Lost pays nothing.
  const won = status !== "LOST";
  const { input, setInput } = useTermsInput();
  const { terms, rule4Error } = readTerms(input, status, bet.eachWay !== null);
  const reduced = termsText(terms);
  const payoutCents = status === "LOST" ? 0 : settleReturnCents(bet, status, terms);
  const label = t(`bets.outcome.${status}`);
  const eachWay = eachWayText(bet);
  // A cash bet has no customer (decision 051): its return is paid on the slip, later.
  const cash = bet.customerId === null;
  const who = cash
    ? t("bets.cash")
    : bet.customer
      ? fullName(bet.customer)
      : t("bets.customerNumber", { id: String(bet.customerId) });
  const adminNeeded = useWonNeedsAdmin(bet, payoutCents);
  // Terms that leave less than half a cent pay nothing: the server refuses it (decision 084),
  // so the dialog says so before Confirm is pressed.
  const needsAdmin =
    won && payoutCents === 0 ? t("refusals.reasons.SETTLEMENT_PAYS_NOTHING") : adminNeeded;
  const reasonId = useId();
  const blocked = won && needsAdmin !== null;
  // One key per bet, outcome and terms: Confirm pressed again after no answer (or twice)
  // reuses it; other terms are another settlement, with a key of its own.
  const settle = () =>
    resolve.mutate(
      {
        id: bet.id,
        status,
        ...termsBody(terms),
        key: idempotency.keyFor({ id: bet.id, status, terms }),
      },
      {
        onSuccess: () => {
          idempotency.reset();
          onSettled();
        },
      },
    );
  // What the settlement does, in a sentence: who is paid what (and after which terms).
  const effectText = () => {
    if (!won) return t("bets.settle.paysNothing", { amount: euroCents(centsOf(bet.totalStake)) });
    const amount = euroCents(payoutCents);
    if (cash) {
      return reduced
        ? t("bets.settle.owesWithTerms", { amount, terms: reduced })
        : t("bets.settle.owes", { amount });
    }
    const key = status === "PLACED" ? "bets.settle.paysPlace" : "bets.settle.pays";
    return reduced
      ? t(`${key}WithTerms`, { amount, who, terms: reduced })
      : t(key, { amount, who });
  };
  const confirm = () => {
    // A Rule 4 out of range is shown under its field; nothing is sent.
    if (rule4Error) return;
    if (!(won && large.holds(null, payoutCents))) settle();
  };
  return (
    <Dialog onClose={onClose} title={t("bets.settle.title", { id: bet.id, label })}>
      {large.pending ? (
        <AmountConfirmation
          question={
            cash ? t("bets.settle.confirmCash", { label }) : t("bets.settle.confirmPayOut", { who })
          }
          amountCents={payoutCents}
          confirmLabel={t("bets.settle.yesPay", { amount: euroCents(payoutCents) })}
          pending={resolve.isPending}
          pendingLabel={t("bets.settle.settling")}
          onBack={large.goBack}
          onConfirm={settle}
        />
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">{t("bets.settle.bet")}</dt>
            <dd>{bet.description}</dd>
            <dt className="font-medium">{t("bets.settle.customer")}</dt>
            <dd>{who}</dd>
            <dt className="font-medium">{t("bets.settle.stake")}</dt>
            <dd className="tabular-nums">
              {t("bets.settle.stakeAt", {
                stake: euroCents(centsOf(bet.stakeAmount)),
                odds: showOdds(bet, oddsFormat),
              })}
              {eachWay &&
                t("bets.settle.stakeTerms", {
                  terms: eachWay,
                  total: euroCents(centsOf(bet.totalStake)),
                })}
            </dd>
          </dl>
          {status !== "LOST" && (
            <SettlementTermsFields
              input={input}
              setInput={setInput}
              status={status}
              eachWay={bet.eachWay !== null}
              rule4Error={rule4Error}
            />
          )}
          <p className="mt-4 rounded-box bg-base-200 p-3" data-testid="settle-effect">
            {effectText()}
          </p>
          {blocked && (
            <p id={reasonId} className="mt-3 text-sm font-medium">
              {needsAdmin}
            </p>
          )}
          <div className="modal-action flex-wrap gap-3">
            {/* First focus stays on Cancel (Enter, Tab, Enter settles), not the disclosure. */}
            <button type="button" className="btn" onClick={onClose} data-autofocus>
              {t("common.cancel")}
            </button>
            <button
              ref={confirmRef}
              type="button"
              className={`btn ${status === "WON" ? "btn-success" : status === "PLACED" ? "btn-info" : "btn-error"}`}
              disabled={resolve.isPending || blocked}
              aria-describedby={blocked ? reasonId : undefined}
              onClick={confirm}
            >
              {resolve.isPending ? t("bets.settle.settling") : t("bets.settle.confirm", { label })}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
