import { PageHeader, Panel } from "../../../components/ui/page-header";
import { useAlerts } from "../api/get-alerts";
import { AlertItem } from "./alert-item";

/** Every undismissed alert, newest first (the server answers at most 100). */
export default function AlertsPage() {
  const { data, isLoading } = useAlerts();
  return (
    <>
      <PageHeader title="Alerts" subtitle="Everything that needs a look, newest first" />
      <Panel title="Undismissed alerts">
        {isLoading ? (
          <p className="py-4 text-center">Loading alerts...</p>
        ) : !data?.length ? (
          <p className="py-4 text-center text-base-content/70">No alerts at this time</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {data.map((alert) => (
              <AlertItem key={alert.id} alert={alert} />
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
