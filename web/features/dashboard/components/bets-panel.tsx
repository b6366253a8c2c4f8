import { useState } from "react";
import { Link } from "wouter";
import { BetStatusBadge } from "../../../components/ui/badges";
import { BetCustomerLink, ShopLink, UserLink } from "../../../components/ui/links";
import { QueryList } from "../../../components/ui/query-list";
import { euro } from "../../../lib/format";
import { businessToday } from "../../../lib/time";
import { type Bet, useBets } from "../../bets";

const LIMIT = 5;

function BetRow({ bet }: { bet: Bet }) {
  return (
    <li className="flex items-center justify-between gap-3 border-b border-base-200 py-2">
      <div className="min-w-0">
        <div className="font-medium">
          <BetCustomerLink bet={bet} />
        </div>
        <div className="truncate text-sm">{bet.description}</div>
        <div className="text-xs text-base-content/70">
          <ShopLink id={bet.shopId} shop={bet.shop} /> · Taken by{" "}
          <UserLink user={bet.placedByUser} fallback="Unknown" />
        </div>
      </div>
      <div className="flex flex-col items-end gap-1">
        <BetStatusBadge status={bet.status} />
        <span className="font-semibold">{euro(bet.stakeAmount)}</span>
      </div>
    </li>
  );
}

/** Tabs 'Open bets (n)' (PENDING) and "Today's bets (n)" (created today in the business zone). */
export function BetsPanel() {
  const [tab, setTab] = useState<"open" | "today">("open");
  const today = businessToday();
  const open = useBets({ status: "PENDING", limit: LIMIT });
  const todays = useBets({ from: today, to: today, limit: LIMIT });
  const current = tab === "open" ? open : todays;
  return (
    <section className="card bg-base-100 shadow-sm" aria-label="Bets">
      <div className="card-body p-4">
        <div className="flex items-center justify-between">
          <div role="tablist" className="tabs tabs-box">
            <button
              type="button"
              role="tab"
              aria-selected={tab === "open"}
              className={`tab ${tab === "open" ? "tab-active" : ""}`}
              onClick={() => setTab("open")}
            >
              Open bets ({open.data?.total ?? 0}
              {open.data?.capped ? "+" : ""})
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={tab === "today"}
              className={`tab ${tab === "today" ? "tab-active" : ""}`}
              onClick={() => setTab("today")}
            >
              Today's bets ({todays.data?.total ?? 0}
              {todays.data?.capped ? "+" : ""})
            </button>
          </div>
          <Link href="/bets" className="link link-primary text-sm">
            View All
          </Link>
        </div>
        <div role="tabpanel">
          <QueryList
            query={current}
            limit={LIMIT}
            loadingText="Loading bets..."
            emptyText="No bets found"
            renderItem={(bet) => <BetRow key={bet.id} bet={bet} />}
          />
        </div>
      </div>
    </section>
  );
}
