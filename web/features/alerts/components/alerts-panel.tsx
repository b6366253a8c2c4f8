import { Link } from "wouter";
import { Panel } from "../../../components/ui/page-header";
import { useAlerts } from "../api/get-alerts";
import { AlertItem } from "./alert-item";

/** The dashboard's latest five alerts, and a link to all of them (issue 9). */
export function AlertsPanel() {
  const { data, isLoading } = useAlerts();
  return (
    <Panel title="System Alerts">
      {isLoading ? (
        <p className="py-4 text-center">Loading alerts...</p>
      ) : !data?.length ? (
        <p className="py-4 text-center text-base-content/70">No alerts at this time</p>
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {data.slice(0, 5).map((alert) => (
              <AlertItem key={alert.id} alert={alert} />
            ))}
          </ul>
          <div className="mt-3 text-right">
            <Link href="/alerts" className="link link-primary">
              View all
            </Link>
          </div>
        </>
      )}
    </Panel>
  );
}
