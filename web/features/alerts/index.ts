/** The alerts feature's public entry. */
export { AlertsPanel } from "./components/alerts-panel";
