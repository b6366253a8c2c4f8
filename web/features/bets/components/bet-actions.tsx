import { useId } from "react";
import { Tooltip } from "../../../components/ui/tooltip";
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
 * staff when it pays LARGE_AMOUNT or more (issue 10), saying why (focusable: SettleButton). `data-bet-actions` names
 * the bet, so the list can move the focus to the next pending bet's buttons after a
 * settlement (issue 20).
 */
export function BetActions({ bet }: { bet: Bet }) {
  const openSettle = useOpenSettle();
  const t = useT();
  const wonNeedsAdmin = useWonNeedsAdmin(bet);
  // Placed (decision 052): only an each-way bet, paying its place part.
  const placedNeedsAdmin = useWonNeedsAdmin(bet, settleReturnCents(bet, "PLACED"));
  if (bet.status !== "PENDING") return null;
  return (
    <div className="flex gap-2" data-bet-actions={bet.id}>
      <SettleButton
        label={t("bets.actions.won")}
        className="btn btn-success btn-sm"
        adminOnly={wonNeedsAdmin}
        onClick={() => openSettle(bet, "WON")}
      />
      {bet.eachWay && (
        <SettleButton
          label={t("bets.actions.placed")}
          className="btn btn-info btn-sm"
          adminOnly={placedNeedsAdmin}
          onClick={() => openSettle(bet, "PLACED")}
        />
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

/**
 * A settle button; when only an admin may, it is `aria-disabled` rather than `disabled`: it
 * stays in the tab order, so a keyboard user reaches it and hears (and sees, in its tooltip)
 * why, and a click or Enter on it does nothing (daisyUI draws it disabled).
 */
function SettleButton({
  label,
  className,
  adminOnly,
  onClick,
}: {
  label: string;
  className: string;
  adminOnly: string | null;
  onClick: () => void;
}) {
  const reasonId = useId();
  return (
    <Tooltip tip={adminOnly}>
      <button
        type="button"
        className={className}
        aria-disabled={adminOnly !== null || undefined}
        aria-describedby={adminOnly ? reasonId : undefined}
        onClick={adminOnly === null ? onClick : undefined}
      >
        {label}
      </button>
      {adminOnly && (
        <span id={reasonId} className="sr-only">
          {adminOnly}
        </span>
      )}
    </Tooltip>
  );
}
