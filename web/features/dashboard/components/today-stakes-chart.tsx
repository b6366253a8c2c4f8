import { useAtomValue } from "jotai";
import { euro } from "../../../lib/format";
import { isAdminAtom } from "../../../lib/session";
import { businessToday, timeZoneName } from "../../../lib/time";
import {
  ChartPanel,
  StakesChart,
  seriesStatus,
  TREND_COLUMNS,
  trendPoints,
  useSeries,
} from "../../reports";

/**
 * Today's stakes by hour, from the report series: the hours of today in the business time
 * zone (the server's buckets), its short name in the title ("Today's stakes by hour (CET)").
 * The series is an admin read like the reports, so the panel shows for admins only.
 */
export function TodayStakesChart() {
  const isAdmin = useAtomValue(isAdminAtom);
  const day = businessToday();
  const series = useSeries({ period: "day", day }, isAdmin);
  if (!isAdmin) return null;
  const points = series.data ? trendPoints(series.data) : [];
  const total = series.data ? euro(series.data.totals.stakes) : euro(0);
  return (
    <ChartPanel
      className="mb-6"
      title={`Today's stakes by hour (${timeZoneName()})`}
      summary={`Stakes by hour today: ${total} in ${series.data?.totals.bets ?? 0} bets.`}
      status={seriesStatus(series)}
      emptyText="No bets placed today yet."
      rows={points}
      rowKey={(p) => p.start}
      columns={TREND_COLUMNS}
      chart={<StakesChart points={points} />}
    />
  );
}
