/** The reports feature's public entry. */
export { ReportsView } from "./components/reports-view";
