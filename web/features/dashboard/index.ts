/** The dashboard feature's public entry: the panels the dashboard screen composes. */
export { BetsPanel } from "./components/bets-panel";
export { RecentTransactionsPanel } from "./components/recent-transactions-panel";
export { StatCards } from "./components/stat-cards";
export { TodayStakesChart } from "./components/today-stakes-chart";
