import { lazy, Suspense, useState } from "react";
import { useResolveBet } from "../api/resolve-bet";
import type { Bet } from "../api/types";

const VoidBetDialog = lazy(() => import("./void-bet-dialog"));

/** Won, Lost and Void for a pending bet (nothing for a settled one). */
export function BetActions({ bet }: { bet: Bet }) {
  const resolve = useResolveBet();
  const [voiding, setVoiding] = useState(false);
  if (bet.status !== "PENDING") return null;
  return (
    <div className="flex gap-1">
      <button
        type="button"
        className="btn btn-success btn-xs"
        disabled={resolve.isPending}
        onClick={() => resolve.mutate({ id: bet.id, status: "WON" })}
      >
        Won
      </button>
      <button
        type="button"
        className="btn btn-error btn-xs"
        disabled={resolve.isPending}
        onClick={() => resolve.mutate({ id: bet.id, status: "LOST" })}
      >
        Lost
      </button>
      <button type="button" className="btn btn-xs" onClick={() => setVoiding(true)}>
        Void
      </button>
      {voiding && (
        <Suspense fallback={null}>
          <VoidBetDialog bet={bet} onClose={() => setVoiding(false)} />
        </Suspense>
      )}
    </div>
  );
}
