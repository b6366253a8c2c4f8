/** The reports feature's public entry. */
export { useSeries } from "./api/get-series";
export { ChartPanel } from "./components/chart-panel";
export { StakesChart } from "./components/lazy-charts";
export { seriesStatus, TREND_COLUMNS } from "./components/report-charts";
export { ReportsView } from "./components/reports-view";
export { trendPoints } from "./lib/series-data";
