import { useT } from "../../../i18n";
import { euro, formatNumber } from "../../../lib/format";
import { reportParams } from "../api/get-report";
import { useSeries } from "../api/get-series";
import type { PeriodChoice, Series } from "../api/types";
import { periodLabel } from "../lib/period-label";
import {
  isEmptySeries,
  type OutcomeSlice,
  outcomeSlices,
  type TrendPoint,
  trendPoints,
} from "../lib/series-data";
import { ChartPanel, type ChartStatus, type TableColumn } from "./chart-panel";
import { OutcomeChart, TrendChart } from "./lazy-charts";
import "../../../i18n/areas/charts";

/** The status of a chart fed by one series query. */
export function seriesStatus(query: { isLoading: boolean; data?: Series }): ChartStatus {
  if (query.isLoading) return "loading";
  if (!query.data) return "error";
  return isEmptySeries(query.data) ? "empty" : "ready";
}

export const TREND_COLUMNS: TableColumn<TrendPoint>[] = [
  { header: "charts.period", cell: (p) => p.label },
  { header: "charts.bets", cell: (p) => formatNumber(p.bets), numeric: true },
  { header: "charts.stakes", cell: (p) => euro(p.stakes), numeric: true },
  { header: "charts.payouts", cell: (p) => euro(p.payouts), numeric: true },
  { header: "charts.profit", cell: (p) => euro(p.profit), numeric: true },
];

const OUTCOME_COLUMNS: TableColumn<OutcomeSlice>[] = [
  { header: "charts.outcome", cell: (s) => s.name },
  { header: "charts.bets", cell: (s) => formatNumber(s.bets), numeric: true },
  {
    header: "charts.amount",
    cell: (s) => (s.amount === null ? "—" : `${s.amountLabel} ${euro(s.amount)}`),
    numeric: true,
  },
];

/** The Reports page's charts for the chosen period: the trend and the outcome mix. */
export function ReportCharts({ choice }: { choice: PeriodChoice }) {
  const series = useSeries(reportParams(choice));
  const t = useT();
  const status = seriesStatus(series);
  const data = series.data;
  const points = data ? trendPoints(data) : [];
  const slices = data ? outcomeSlices(data) : [];
  const title = t(`charts.trendTitle.${data ? data.granularity : "period"}`);
  const trendSummary = data
    ? t("charts.trendSummary", {
        title,
        range: periodLabel(data.period, data.range.value),
        stakes: euro(data.totals.stakes),
        payouts: euro(data.totals.payouts),
        profit: euro(data.totals.profit),
      })
    : t("charts.trendFallback");
  // Counts as the cards write them ("3.014" in German), "1 bet" singular.
  const totalBets = data?.totals.bets ?? 0;
  const outcomeSummary = t("charts.outcomeSummary", {
    count: totalBets,
    bets: formatNumber(totalBets),
    list: slices
      .map((s) =>
        t("charts.outcomeCount", { bets: formatNumber(s.bets), name: s.name.toLowerCase() }),
      )
      .join(", "),
  });
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-3">
      <ChartPanel
        className="lg:col-span-2"
        title={title}
        summary={trendSummary}
        status={status}
        rows={points}
        rowKey={(p) => p.start}
        columns={TREND_COLUMNS}
        chart={<TrendChart points={points} />}
      />
      <ChartPanel
        title={t("charts.outcomes")}
        summary={outcomeSummary}
        status={status}
        rows={slices}
        rowKey={(s) => s.key}
        columns={OUTCOME_COLUMNS}
        chart={<OutcomeChart slices={slices} />}
      />
    </div>
  );
}
