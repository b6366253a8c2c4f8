import { Link, useSearchParams } from "wouter";
import { patchSearch } from "../../../components/ui/url-table-state";
import { useT } from "../../../i18n";
import { euro, formatNumber, formatPercent } from "../../../lib/format";
import type { Report } from "../api/types";

const TABS = {
  Overview: "tabOverview",
  Financial: "tabFinancial",
  Betting: "tabBetting",
  Performance: "tabPerformance",
} as const;
type Tab = keyof typeof TABS;

/** The tab of the URL (`?tab=performance`); none or an unknown one is the Overview. */
export function tabOf(search: URLSearchParams): Tab {
  const value = search.get("tab")?.toLowerCase();
  return (Object.keys(TABS) as Tab[]).find((name) => name.toLowerCase() === value) ?? "Overview";
}

function Card({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <section aria-label={title} className="stat rounded-box bg-base-100 shadow-sm">
      <div className="stat-title">{title}</div>
      <div className="stat-value text-2xl">{value}</div>
      {note && <div className="stat-desc">{note}</div>}
    </section>
  );
}

const pct = formatPercent;
const count = (value: number) => formatNumber(value);

function Overview({ report }: { report: Report }) {
  const { financial, betting, customers, shops } = report;
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Card title={t("reports.totalRevenue")} value={euro(financial.totalRevenue)} />
      <Card
        title={t("reports.profit")}
        value={euro(financial.profit)}
        note={t("reports.margin", { value: pct(financial.profitMargin, 1) })}
      />
      <Card
        title={t("reports.totalBets")}
        value={count(betting.totalBets)}
        note={t("reports.winRateNote", { value: pct(betting.winRate, 1) })}
      />
      <Card
        title={t("reports.activeCustomers")}
        value={count(customers.activeCustomers)}
        note={t("reports.ofCustomers", {
          customers: count(customers.totalCustomers),
          shops: count(shops.totalShops),
        })}
      />
    </div>
  );
}

function Financial({ report }: { report: Report }) {
  const f = report.financial;
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Card title={t("reports.totalRevenue")} value={euro(f.totalRevenue)} />
      <Card title={t("reports.totalStakes")} value={euro(f.totalStakes)} />
      <Card title={t("reports.totalPayouts")} value={euro(f.totalPayouts)} />
      <Card title={t("reports.profit")} value={euro(f.profit)} />
      <Card title={t("reports.profitMargin")} value={pct(f.profitMargin, 2)} />
    </div>
  );
}

function Betting({ report }: { report: Report }) {
  const b = report.betting;
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Card title={t("reports.totalBets")} value={count(b.totalBets)} />
      <Card title={t("reports.wonBets")} value={count(b.wonBets)} />
      {/* Each-way bets whose place part alone won (decision 052): in the win rate as won. */}
      <Card title={t("reports.placedBets")} value={count(b.placedBets ?? 0)} />
      <Card title={t("reports.lostBets")} value={count(b.lostBets)} />
      <Card title={t("reports.pendingBets")} value={count(b.pendingBets)} />
      <Card title={t("reports.voidBets")} value={count(b.voidBets)} />
      <Card title={t("reports.winRate")} value={pct(b.winRate, 1)} />
      <Card title={t("reports.averageStake")} value={euro(b.averageStake)} />
    </div>
  );
}

function Performance({ report }: { report: Report }) {
  const t = useT();
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <section className="card bg-base-100 shadow-sm" aria-label={t("reports.topCustomers")}>
        <div className="card-body p-4">
          <h2 className="card-title text-base">{t("reports.topCustomers")}</h2>
          {report.customers.topCustomers.length === 0 ? (
            <p className="text-base-content/70">{t("reports.noCustomers")}</p>
          ) : (
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>{t("reports.customer")}</th>
                  <th>{t("reports.bets")}</th>
                  <th>{t("reports.totalStaked")}</th>
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
                    <td>{count(c.betCount)}</td>
                    <td>{euro(c.totalStaked)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </section>
      <section className="card bg-base-100 shadow-sm" aria-label={t("reports.topShops")}>
        <div className="card-body p-4">
          <h2 className="card-title text-base">{t("reports.topShops")}</h2>
          {report.shops.topPerformingShops.length === 0 ? (
            <p className="text-base-content/70">{t("reports.noShops")}</p>
          ) : (
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>{t("reports.shop")}</th>
                  <th>{t("reports.bets")}</th>
                  <th>{t("reports.revenue")}</th>
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
                    <td>{count(s.betCount)}</td>
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

/** The tab is kept in the URL (replacing the history entry), so Back and reload show it again. */
export function ReportTabs({ report }: { report: Report }) {
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search);
  const setTab = (name: Tab) =>
    setSearch(
      (prev) => patchSearch(prev, { tab: name === "Overview" ? undefined : name.toLowerCase() }),
      { replace: true },
    );
  const t = useT();
  return (
    <>
      <div role="tablist" className="tabs tabs-box mb-4 w-fit">
        {(Object.keys(TABS) as Tab[]).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`tab ${tab === name ? "tab-active" : ""}`}
            onClick={() => setTab(name)}
          >
            {t(`reports.${TABS[name]}`)}
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
