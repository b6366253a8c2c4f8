import { useId } from "react";
import { centsOf, formatEuro } from "../../../../src/domain/money";
import { AmountConfirmation, useLargeAmountStep } from "../../../components/ui/amount-confirmation";
import { Dialog } from "../../../components/ui/dialog";
import { fullName } from "../../../lib/format";
import { showOdds, useOddsFormat } from "../../../lib/odds";
import { useResolveBet } from "../api/resolve-bet";
import type { Bet } from "../api/types";
import { eachWayText, settleReturnCents } from "./each-way";
import { useWonNeedsAdmin } from "./won-needs-admin";

/**
 * 'Settle bet' (issue 9): Won and Lost are confirmed, naming the bet and what it pays. A Won
 * payout from LARGE_AMOUNT asks once more, with the amount in large type; for staff it needs
 * an admin (issue 10): Confirm Won is disabled, saying why.
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
  const oddsFormat = useOddsFormat();
  const large = useLargeAmountStep<null>();
  // Won and Placed pay (Placed the place part of an each-way bet); Lost pays nothing.
  const won = status !== "LOST";
  const payoutCents = status === "LOST" ? 0 : settleReturnCents(bet, status);
  const label = status === "WON" ? "Won" : status === "PLACED" ? "Placed" : "Lost";
  const terms = eachWayText(bet);
  // A cash bet has no customer (decision 051): its return is paid on the slip, later.
  const cash = bet.customerId === null;
  const who = cash ? "Cash" : bet.customer ? fullName(bet.customer) : `customer #${bet.customerId}`;
  const needsAdmin = useWonNeedsAdmin(bet, payoutCents);
  const reasonId = useId();
  const blocked = won && needsAdmin !== null;
  const settle = () => resolve.mutate({ id: bet.id, status }, { onSuccess: onSettled });
  const confirm = () => {
    if (!(won && large.holds(null, payoutCents))) settle();
  };
  return (
    <Dialog onClose={onClose} title={`Settle bet #${bet.id} as ${label}`}>
      {large.pending ? (
        <AmountConfirmation
          question={
            cash
              ? `Settle ${label}, owing this amount on the slip?`
              : `Pay out this amount to ${who}?`
          }
          amountCents={payoutCents}
          confirmLabel={`Yes, pay ${formatEuro(payoutCents)}`}
          pending={resolve.isPending}
          pendingLabel="Settling..."
          onBack={large.back}
          onConfirm={settle}
        />
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Bet</dt>
            <dd>{bet.description}</dd>
            <dt className="font-medium">Customer</dt>
            <dd>{who}</dd>
            <dt className="font-medium">Stake</dt>
            <dd className="tabular-nums">
              {formatEuro(centsOf(bet.stakeAmount))} at {showOdds(bet, oddsFormat)}
              {terms && ` ${terms}: total ${formatEuro(centsOf(bet.totalStake))}`}
            </dd>
          </dl>
          <p className="mt-4 rounded-box bg-base-200 p-3" data-testid="settle-effect">
            {won
              ? cash
                ? `Owes ${formatEuro(payoutCents)} on the slip: paid from the till when the slip is brought back.`
                : `Pays ${formatEuro(payoutCents)} to ${who}${status === "PLACED" ? " (the place part; the win part lost)" : ""}.`
              : `Pays nothing: the stake of ${formatEuro(centsOf(bet.totalStake))} is kept.`}
          </p>
          {blocked && (
            <p id={reasonId} className="mt-3 text-sm font-medium">
              {needsAdmin}
            </p>
          )}
          <div className="modal-action flex-wrap gap-3">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className={`btn ${status === "WON" ? "btn-success" : status === "PLACED" ? "btn-info" : "btn-error"}`}
              disabled={resolve.isPending || blocked}
              aria-describedby={blocked ? reasonId : undefined}
              onClick={confirm}
            >
              {resolve.isPending ? "Settling..." : `Confirm ${label}`}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
