import { useState } from "react";
import { Link } from "wouter";
import { BetStatusBadge } from "../../../components/ui/badges";
import { BetCustomerLink, ShopLink, UserLink } from "../../../components/ui/links";
import { QueryList } from "../../../components/ui/query-list";
import { useT } from "../../../i18n";
import { useBusinessToday } from "../../../lib/time-gate";
import { type Bet, listedStake, useBets } from "../../bets";

const LIMIT = 5;

function BetRow({ bet }: { bet: Bet }) {
  const t = useT();
  return (
    <li className="flex items-center justify-between gap-3 border-b border-base-200 py-2">
      <div className="min-w-0">
        <div className="font-medium">
          <BetCustomerLink bet={bet} />
        </div>
        <div className="truncate text-sm">{bet.description}</div>
        <div className="text-xs text-base-content/70">
          <ShopLink id={bet.shopId} shop={bet.shop} /> · {t("dashboard.takenBy")}{" "}
          <UserLink user={bet.placedByUser} fallback={t("dashboard.unknown")} />
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <BetStatusBadge status={bet.status} />
        {/* Each-way: the unit stake marked E/W, as every list shows it (decision 052). */}
        <span className="font-semibold">{listedStake(bet)}</span>
      </div>
    </li>
  );
}

/** Tabs 'Open bets (n)' (PENDING) and "Today's bets (n)" (created today in the business zone). */
export function BetsPanel() {
  const [tab, setTab] = useState<"open" | "today">("open");
  const today = useBusinessToday();
  const open = useBets({ status: "PENDING", limit: LIMIT });
  const todays = useBets({ from: today, to: today, limit: LIMIT });
  const current = tab === "open" ? open : todays;
  const t = useT();
  const counted = (data: { total: number; capped?: boolean } | undefined) => ({
    count: data?.total ?? 0,
    more: data?.capped ? "+" : "",
  });
  return (
    <section className="card bg-base-100 shadow-sm" aria-label={t("dashboard.bets")}>
      <div className="card-body p-4">
        {/* On a phone (in German above all) View All goes under the tabs. */}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div role="tablist" className="tabs tabs-box">
            <button
              type="button"
              role="tab"
              aria-selected={tab === "open"}
              className={`tab ${tab === "open" ? "tab-active" : ""}`}
              onClick={() => setTab("open")}
            >
              {t("dashboard.openBets", counted(open.data))}
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={tab === "today"}
              className={`tab ${tab === "today" ? "tab-active" : ""}`}
              onClick={() => setTab("today")}
            >
              {t("dashboard.todaysBets", counted(todays.data))}
            </button>
          </div>
          <Link href="/bets" className="link link-primary text-sm">
            {t("dashboard.viewAll")}
          </Link>
        </div>
        <div role="tabpanel">
          <QueryList
            query={current}
            limit={LIMIT}
            loadingText={t("dashboard.loadingBets")}
            emptyText={t("dashboard.noBets")}
            renderItem={(bet) => <BetRow key={bet.id} bet={bet} />}
          />
        </div>
      </div>
    </section>
  );
}
