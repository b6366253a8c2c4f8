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
 *
 * With `reasonShown` (the bet's page, a bet's card on a phone) that reason is a note under
 * the buttons, in full, and the disabled button is described by it: in a hover tooltip the
 * cashier at the counter could not read it (at the top of the page it ran off the window)
 * and on a touch screen never saw it. The list's rows keep it in the tooltip, for room.
 */
export function BetActions({ bet, reasonShown = false }: { bet: Bet; reasonShown?: boolean }) {
  const openSettle = useOpenSettle();
  const t = useT();
  const wonNeedsAdmin = useWonNeedsAdmin(bet);
  // Placed (decision 052): only an each-way bet, paying its place part.
  const placedNeedsAdmin = useWonNeedsAdmin(bet, settleReturnCents(bet, "PLACED"));
  const noteId = useId();
  if (bet.status !== "PENDING") return null;
  // The reasons to show (Won's and Placed's read the same: one line, not two).
  const reasons = reasonShown
    ? [...new Set([wonNeedsAdmin, bet.eachWay ? placedNeedsAdmin : null])].filter(
        (reason): reason is string => reason !== null,
      )
    : [];
  const buttons = (
    <div className="flex gap-2" data-bet-actions={bet.id}>
      <SettleButton
        label={t("bets.actions.won")}
        className="btn btn-success btn-sm"
        adminOnly={wonNeedsAdmin}
        noteId={reasonShown ? noteId : undefined}
        onClick={() => openSettle(bet, "WON")}
      />
      {bet.eachWay && (
        <SettleButton
          label={t("bets.actions.placed")}
          className="btn btn-info btn-sm"
          adminOnly={placedNeedsAdmin}
          noteId={reasonShown ? noteId : undefined}
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
  if (!reasonShown) return buttons;
  return (
    // The same wrapper with or without a note (the settings arriving add it): the buttons are
    // not remounted under a focus. The note wraps to the buttons' width (w-0 min-w-full).
    <div className="inline-flex flex-col gap-1">
      {buttons}
      {reasons.length > 0 && (
        <p
          id={noteId}
          className="w-0 min-w-full text-sm text-base-content/80"
          data-testid="settle-note"
        >
          {reasons.join(" ")}
        </p>
      )}
    </div>
  );
}

/**
 * A settle button; when only an admin may, it is `aria-disabled` rather than `disabled`: it
 * stays in the tab order, so a keyboard user reaches it and hears (and sees) why, and a click
 * or Enter on it does nothing (daisyUI draws it disabled). The reason is the note `noteId`
 * shown under the buttons, else its own tooltip.
 */
function SettleButton({
  label,
  className,
  adminOnly,
  noteId,
  onClick,
}: {
  label: string;
  className: string;
  adminOnly: string | null;
  noteId?: string;
  onClick: () => void;
}) {
  const reasonId = useId();
  const inTooltip = adminOnly !== null && noteId === undefined;
  return (
    <Tooltip tip={inTooltip ? adminOnly : null}>
      <button
        type="button"
        className={className}
        aria-disabled={adminOnly !== null || undefined}
        aria-describedby={adminOnly ? (noteId ?? reasonId) : undefined}
        onClick={adminOnly === null ? onClick : undefined}
      >
        {label}
      </button>
      {inTooltip && (
        <span id={reasonId} className="sr-only">
          {adminOnly}
        </span>
      )}
    </Tooltip>
  );
}
