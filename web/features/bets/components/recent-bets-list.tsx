import { Link } from "wouter";
import { BetStatusBadge } from "../../../components/ui/badges";
import { Panel } from "../../../components/ui/page-header";
import { QueryList } from "../../../components/ui/query-list";
import { useT } from "../../../i18n";
import { euro } from "../../../lib/format";
import { showOdds, useOddsFormat } from "../../../lib/odds";
import { useBets } from "../api/get-bets";
import { listedStake } from "./each-way";
import "../../../i18n/areas/bets";

/** Up to 10 bets of a customer or shop. */
export function RecentBetsList({ customerId, shopId }: { customerId?: number; shopId?: number }) {
  const query = useBets({ customerId, shopId, limit: 10 });
  const oddsFormat = useOddsFormat();
  const t = useT();
  return (
    <Panel title={t("bets.recentBets")}>
      <QueryList
        query={query}
        limit={10}
        loadingText={t("bets.loadingBets")}
        emptyText={t("bets.noBets")}
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
                {t("bets.recentLine", {
                  odds: showOdds(bet, oddsFormat),
                  stake: listedStake(bet),
                  payout: euro(bet.potentialPayout),
                })}
              </div>
            </div>
            <BetStatusBadge status={bet.status} />
          </li>
        )}
      />
    </Panel>
  );
}
