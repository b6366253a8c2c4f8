import { useAtomValue } from "jotai";
import { useT } from "../../../i18n";
import { euro } from "../../../lib/format";
import { isAdminAtom } from "../../../lib/session";
import { timeZoneName } from "../../../lib/time";
import { useBusinessToday } from "../../../lib/time-gate";
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
  const day = useBusinessToday();
  const series = useSeries({ period: "day", day }, isAdmin);
  const t = useT();
  if (!isAdmin) return null;
  const points = series.data ? trendPoints(series.data) : [];
  const total = series.data ? euro(series.data.totals.stakes) : euro(0);
  return (
    <ChartPanel
      className="mb-6"
      title={t("dashboard.stakesByHour", { zone: timeZoneName() })}
      summary={t("dashboard.stakesByHourSummary", { total, bets: series.data?.totals.bets ?? 0 })}
      status={seriesStatus(series)}
      emptyText={t("dashboard.noBetsToday")}
      rows={points}
      rowKey={(p) => p.start}
      columns={TREND_COLUMNS}
      chart={<StakesChart points={points} />}
    />
  );
}
