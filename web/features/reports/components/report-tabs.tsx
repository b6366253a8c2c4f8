import { useState } from "react";
import { Link } from "wouter";
import { euro } from "../../../lib/format";
import type { Report } from "../api/types";

const TABS = ["Overview", "Financial", "Betting", "Performance"] as const;
type Tab = (typeof TABS)[number];

function Card({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <section aria-label={title} className="stat rounded-box bg-base-100 shadow-sm">
      <div className="stat-title">{title}</div>
      <div className="stat-value text-2xl">{value}</div>
      {note && <div className="stat-desc">{note}</div>}
    </section>
  );
}

const pct = (value: number, digits: number) => `${value.toFixed(digits)}%`;

function Overview({ report }: { report: Report }) {
  const { financial, betting, customers, shops } = report;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Card title="Total Revenue" value={euro(financial.totalRevenue)} />
      <Card
        title="Profit"
        value={euro(financial.profit)}
        note={`Margin ${pct(financial.profitMargin, 1)}`}
      />
      <Card
        title="Total Bets"
        value={String(betting.totalBets)}
        note={`Win rate ${pct(betting.winRate, 1)}`}
      />
      <Card
        title="Active Customers"
        value={String(customers.activeCustomers)}
        note={`of ${customers.totalCustomers} customers, ${shops.totalShops} shops`}
      />
    </div>
  );
}

function Financial({ report }: { report: Report }) {
  const f = report.financial;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Card title="Total Revenue" value={euro(f.totalRevenue)} />
      <Card title="Total Stakes" value={euro(f.totalStakes)} />
      <Card title="Total Payouts" value={euro(f.totalPayouts)} />
      <Card title="Profit" value={euro(f.profit)} />
      <Card title="Profit Margin" value={pct(f.profitMargin, 2)} />
    </div>
  );
}

function Betting({ report }: { report: Report }) {
  const b = report.betting;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Card title="Total Bets" value={String(b.totalBets)} />
      <Card title="Won Bets" value={String(b.wonBets)} />
      {/* Each-way bets whose place part alone won (decision 052): in the win rate as won. */}
      <Card title="Placed Bets" value={String(b.placedBets ?? 0)} />
      <Card title="Lost Bets" value={String(b.lostBets)} />
      <Card title="Pending Bets" value={String(b.pendingBets)} />
      <Card title="Void Bets" value={String(b.voidBets)} />
      <Card title="Win Rate" value={pct(b.winRate, 1)} />
      <Card title="Average Stake" value={euro(b.averageStake)} />
    </div>
  );
}

function Performance({ report }: { report: Report }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <section className="card bg-base-100 shadow-sm" aria-label="Top Customers">
        <div className="card-body p-4">
          <h3 className="card-title text-base">Top Customers</h3>
          {report.customers.topCustomers.length === 0 ? (
            <p className="text-base-content/70">No customers found</p>
          ) : (
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>Customer</th>
                  <th>Bets</th>
                  <th>Total Staked</th>
                </tr>
              </thead>
              <tbody>
                {report.customers.topCustomers.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <Link href={`/customers/${c.id}`} className="link link-primary">
                        {c.name}
                      </Link>
                    </td>
                    <td>{c.betCount}</td>
                    <td>{euro(c.totalStaked)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </section>
      <section className="card bg-base-100 shadow-sm" aria-label="Top Performing Shops">
        <div className="card-body p-4">
          <h3 className="card-title text-base">Top Performing Shops</h3>
          {report.shops.topPerformingShops.length === 0 ? (
            <p className="text-base-content/70">No shops found</p>
          ) : (
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>Shop</th>
                  <th>Bets</th>
                  <th>Revenue</th>
                </tr>
              </thead>
              <tbody>
                {report.shops.topPerformingShops.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <Link href={`/shops/${s.id}`} className="link link-primary">
                        {s.name}
                      </Link>
                    </td>
                    <td>{s.betCount}</td>
                    <td>{euro(s.totalRevenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </section>
    </div>
  );
}

export function ReportTabs({ report }: { report: Report }) {
  const [tab, setTab] = useState<Tab>("Overview");
  return (
    <>
      <div role="tablist" className="tabs tabs-box mb-4 w-fit">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`tab ${tab === name ? "tab-active" : ""}`}
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === "Overview" && <Overview report={report} />}
        {tab === "Financial" && <Financial report={report} />}
        {tab === "Betting" && <Betting report={report} />}
        {tab === "Performance" && <Performance report={report} />}
      </div>
    </>
  );
}
