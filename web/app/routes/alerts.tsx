import { AlertsPage } from "../../features/alerts";

export default function AlertsRoute() {
  return <AlertsPage />;
}
