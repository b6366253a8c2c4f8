import { euro } from "../../../lib/format";
import { reportParams } from "../api/get-report";
import { useSeries } from "../api/get-series";
import type { PeriodChoice, Series } from "../api/types";
import {
  isEmptySeries,
  type OutcomeSlice,
  outcomeSlices,
  type TrendPoint,
  trendPoints,
} from "../lib/series-data";
import { ChartPanel, type ChartStatus, type TableColumn } from "./chart-panel";
import { OutcomeChart, TrendChart } from "./lazy-charts";

const UNIT = { hour: "hour", day: "day", month: "month" } as const;

/** The status of a chart fed by one series query. */
export function seriesStatus(query: { isLoading: boolean; data?: Series }): ChartStatus {
  if (query.isLoading) return "loading";
  if (!query.data) return "error";
  return isEmptySeries(query.data) ? "empty" : "ready";
}

export const TREND_COLUMNS: TableColumn<TrendPoint>[] = [
  { header: "Period", cell: (p) => p.label },
  { header: "Bets", cell: (p) => p.bets, numeric: true },
  { header: "Stakes", cell: (p) => euro(p.stakes), numeric: true },
  { header: "Payouts", cell: (p) => euro(p.payouts), numeric: true },
  { header: "Profit", cell: (p) => euro(p.profit), numeric: true },
];

const OUTCOME_COLUMNS: TableColumn<OutcomeSlice>[] = [
  { header: "Outcome", cell: (s) => s.name },
  { header: "Bets", cell: (s) => s.bets, numeric: true },
  {
    header: "Amount",
    cell: (s) => (s.amount === null ? "—" : `${s.amountLabel} ${euro(s.amount)}`),
    numeric: true,
  },
];

/** The Reports page's charts for the chosen period: the trend and the outcome mix. */
export function ReportCharts({ choice }: { choice: PeriodChoice }) {
  const series = useSeries(reportParams(choice));
  const status = seriesStatus(series);
  const data = series.data;
  const points = data ? trendPoints(data) : [];
  const slices = data ? outcomeSlices(data) : [];
  const unit = data ? UNIT[data.granularity] : "period";
  const trendSummary = data
    ? `Stakes, payouts and profit by ${unit}, ${data.range.label}: stakes ${euro(data.totals.stakes)}, payouts ${euro(data.totals.payouts)}, profit ${euro(data.totals.profit)}.`
    : "Stakes, payouts and profit";
  const outcomeSummary = `Outcomes of ${data?.totals.bets ?? 0} bets: ${slices
    .map((s) => `${s.bets} ${s.name.toLowerCase()}`)
    .join(", ")}.`;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-3">
      <ChartPanel
        className="lg:col-span-2"
        title={`Stakes, payouts and profit by ${unit}`}
        summary={trendSummary}
        status={status}
        rows={points}
        rowKey={(p) => p.start}
        columns={TREND_COLUMNS}
        chart={<TrendChart points={points} />}
      />
      <ChartPanel
        title="Outcomes"
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
