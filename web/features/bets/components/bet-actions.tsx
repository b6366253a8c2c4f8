import { useId } from "react";
import { useT } from "../../../i18n";
import type { Bet } from "../api/types";
import { settleReturnCents } from "./each-way";
import { useOpenSettle } from "./settle-provider";
import { useWonNeedsAdmin } from "./won-needs-admin";
import "../../../i18n/areas/bets";

/**
 * Won, Placed (each-way bets only), Lost and Void for a pending bet (nothing for a settled one), on the Bets list and the
 * bet's page. Each opens a short confirmation, owned by the page (SettleProvider); the
 * buttons are 32 px tall and set apart, so a hurried click cannot settle. Won is disabled for
 * staff when it pays LARGE_AMOUNT or more (issue 10), saying why. `data-bet-actions` names
 * the bet, so the list can move the focus to the next pending bet's buttons after a
 * settlement (issue 20).
 */
export function BetActions({ bet }: { bet: Bet }) {
  const openSettle = useOpenSettle();
  const t = useT();
  const wonNeedsAdmin = useWonNeedsAdmin(bet);
  // Placed (decision 052): only an each-way bet, paying its place part.
  const placedNeedsAdmin = useWonNeedsAdmin(bet, settleReturnCents(bet, "PLACED"));
  const reasonId = useId();
  const placedReasonId = useId();
  if (bet.status !== "PENDING") return null;
  return (
    <div className="flex gap-2" data-bet-actions={bet.id}>
      <span
        className={wonNeedsAdmin ? "tooltip" : "contents"}
        data-tip={wonNeedsAdmin ?? undefined}
      >
        <button
          type="button"
          className="btn btn-success btn-sm"
          disabled={wonNeedsAdmin !== null}
          aria-describedby={wonNeedsAdmin ? reasonId : undefined}
          onClick={() => openSettle(bet, "WON")}
        >
          {t("bets.actions.won")}
        </button>
        {wonNeedsAdmin && (
          <span id={reasonId} className="sr-only">
            {wonNeedsAdmin}
          </span>
        )}
      </span>
      {bet.eachWay && (
        <span
          className={placedNeedsAdmin ? "tooltip" : "contents"}
          data-tip={placedNeedsAdmin ?? undefined}
        >
          <button
            type="button"
            className="btn btn-info btn-sm"
            disabled={placedNeedsAdmin !== null}
            aria-describedby={placedNeedsAdmin ? placedReasonId : undefined}
            onClick={() => openSettle(bet, "PLACED")}
          >
            {t("bets.actions.placed")}
          </button>
          {placedNeedsAdmin && (
            <span id={placedReasonId} className="sr-only">
              {placedNeedsAdmin}
            </span>
          )}
        </span>
      )}
      <button
        type="button"
        className="btn btn-error btn-sm"
        onClick={() => openSettle(bet, "LOST")}
      >
        {t("bets.actions.lost")}
      </button>
      <button type="button" className="btn btn-sm" onClick={() => openSettle(bet, "VOID")}>
        {t("bets.actions.void")}
      </button>
    </div>
  );
}
