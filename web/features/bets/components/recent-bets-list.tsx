import { Link } from "wouter";
import { BetStatusBadge } from "../../../components/ui/badges";
import { Panel } from "../../../components/ui/page-header";
import { QueryList } from "../../../components/ui/query-list";
import { euro } from "../../../lib/format";
import { showOdds, useOddsFormat } from "../../../lib/odds";
import { useBets } from "../api/get-bets";

/** Up to 10 bets of a customer or shop. */
export function RecentBetsList({ customerId, shopId }: { customerId?: number; shopId?: number }) {
  const query = useBets({ customerId, shopId, limit: 10 });
  const oddsFormat = useOddsFormat();
  return (
    <Panel title="Recent Bets">
      <QueryList
        query={query}
        limit={10}
        loadingText="Loading bets..."
        emptyText="No bets found"
        renderItem={(bet) => (
          <li
            key={bet.id}
            className="flex items-center justify-between gap-3 border-b border-base-200 py-2"
          >
            <div className="min-w-0">
              <Link href={`/bets/${bet.id}`} className="link font-medium">
                {bet.description}
              </Link>
              <div className="text-xs text-base-content/70">
                Odds {showOdds(bet, oddsFormat)} · Stake {euro(bet.stakeAmount)}
                {bet.eachWay ? " E/W" : ""} · Potential payout {euro(bet.potentialPayout)}
              </div>
            </div>
            <BetStatusBadge status={bet.status} />
          </li>
        )}
      />
    </Panel>
  );
}
