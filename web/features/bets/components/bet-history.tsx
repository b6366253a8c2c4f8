import { useStaffName } from "../../../components/ui/links";
import { Panel } from "../../../components/ui/page-header";
import { capitalise, euro, formatDateTime } from "../../../lib/format";
import { useBetSettlements } from "../api/resettle-bet";

const outcome = (status: string, payout: string | null, voidReason: string | null) => {
  const name = capitalise(status.toLowerCase());
  // PLACED paid an each-way bet's place part (decision 052).
  if (status === "WON" || status === "PLACED") return `${name}, paid ${euro(payout)}`;
  if (status === "VOID") return `${name} (${voidReason ?? "no reason"})`;
  return name;
};

/**
 * A bet's earlier outcomes (issue 12): each re-settlement with what it replaced, who had
 * settled that and when, who changed it, when and why. Nothing for a bet never re-settled.
 */
export function BetHistory({ betId }: { betId: number }) {
  const { data } = useBetSettlements(betId);
  const staffName = useStaffName();
  if (!data || data.length === 0) return null;
  return (
    <Panel title="Settlement History" className="mt-4 max-w-2xl">
      <ol className="space-y-3 text-sm" data-testid="settlement-history">
        {data.map((s) => (
          <li key={s.id} className="rounded-box bg-base-200 p-3">
            <p>
              <span className="font-medium">
                {outcome(s.fromStatus, s.fromPayout, s.fromVoidReason)}
              </span>{" "}
              →{" "}
              <span className="font-medium">{outcome(s.toStatus, s.toPayout, s.toVoidReason)}</span>
            </p>
            <p className="text-base-content/80">
              Changed by {staffName(s.settledByUser?.username, "a removed user")} on{" "}
              {formatDateTime(s.createdAt)}: {s.reason}
            </p>
            <p className="text-base-content/70">
              It had been settled by {staffName(s.fromResolvedByUser?.username, "a removed user")}{" "}
              on {formatDateTime(s.fromResolvedAt)}.
            </p>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
