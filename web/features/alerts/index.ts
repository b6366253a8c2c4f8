/** The alerts feature's public entry. */
import { lazy } from "react";

export { AlertsBell } from "./components/alerts-bell";
export { AlertsPanel } from "./components/alerts-panel";

export const AlertsPage = lazy(() => import("./components/alerts-page"));
