import { useId } from "react";
import type { Bet } from "../api/types";
import { useOpenSettle } from "./settle-provider";
import { useWonNeedsAdmin } from "./won-needs-admin";

/**
 * Won, Lost and Void for a pending bet (nothing for a settled one), on the Bets list and the
 * bet's page. Each opens a short confirmation, owned by the page (SettleProvider); the
 * buttons are 32 px tall and set apart, so a hurried click cannot settle. Won is disabled for
 * staff when it pays LARGE_AMOUNT or more (issue 10), saying why. `data-bet-actions` names
 * the bet, so the list can move the focus to the next pending bet's buttons after a
 * settlement (issue 20).
 */
export function BetActions({ bet }: { bet: Bet }) {
  const openSettle = useOpenSettle();
  const wonNeedsAdmin = useWonNeedsAdmin(bet);
  const reasonId = useId();
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
          Won
        </button>
        {wonNeedsAdmin && (
          <span id={reasonId} className="sr-only">
            {wonNeedsAdmin}
          </span>
        )}
      </span>
      <button
        type="button"
        className="btn btn-error btn-sm"
        onClick={() => openSettle(bet, "LOST")}
      >
        Lost
      </button>
      <button type="button" className="btn btn-sm" onClick={() => openSettle(bet, "VOID")}>
        Void
      </button>
    </div>
  );
}
