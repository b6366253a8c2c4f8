import { lazy, Suspense, useId, useState } from "react";
import type { Bet } from "../api/types";
import { useWonNeedsAdmin } from "./won-needs-admin";

const SettleBetDialog = lazy(() => import("./settle-bet-dialog"));
const VoidBetDialog = lazy(() => import("./void-bet-dialog"));

type Settling = "WON" | "LOST" | "VOID";

/**
 * Won, Lost and Void for a pending bet (nothing for a settled one). Each opens a short
 * confirmation; the buttons are 32 px tall and set apart, so a hurried click cannot settle.
 * Won is disabled for staff when it pays LARGE_AMOUNT or more (issue 10), saying why.
 */
export function BetActions({ bet }: { bet: Bet }) {
  const [settling, setSettling] = useState<Settling | null>(null);
  const wonNeedsAdmin = useWonNeedsAdmin(bet);
  const reasonId = useId();
  if (bet.status !== "PENDING") return null;
  const close = () => setSettling(null);
  return (
    <div className="flex gap-2">
      <span
        className={wonNeedsAdmin ? "tooltip" : "contents"}
        data-tip={wonNeedsAdmin ?? undefined}
      >
        <button
          type="button"
          className="btn btn-success btn-sm"
          disabled={wonNeedsAdmin !== null}
          aria-describedby={wonNeedsAdmin ? reasonId : undefined}
          onClick={() => setSettling("WON")}
        >
          Won
        </button>
        {wonNeedsAdmin && (
          <span id={reasonId} className="sr-only">
            {wonNeedsAdmin}
          </span>
        )}
      </span>
      <button type="button" className="btn btn-error btn-sm" onClick={() => setSettling("LOST")}>
        Lost
      </button>
      <button type="button" className="btn btn-sm" onClick={() => setSettling("VOID")}>
        Void
      </button>
      {settling && (
        <Suspense fallback={null}>
          {settling === "VOID" ? (
            <VoidBetDialog bet={bet} onClose={close} />
          ) : (
            <SettleBetDialog bet={bet} status={settling} onClose={close} />
          )}
        </Suspense>
      )}
    </div>
  );
}
