import { useAtomValue } from "jotai";
import { Panel } from "../../../components/ui/page-header";
import { relativeAge } from "../../../lib/format";
import { canMutateAtom } from "../../../lib/session";
import { useDismissAlert } from "../api/dismiss-alert";
import { useAlerts } from "../api/get-alerts";

const ALERT_CLASS = { warning: "alert-warning", error: "alert-error", info: "alert-info" };

export function AlertsPanel() {
  const { data, isLoading } = useAlerts();
  const dismiss = useDismissAlert();
  const canMutate = useAtomValue(canMutateAtom);
  return (
    <Panel title="System Alerts">
      {isLoading ? (
        <p className="py-4 text-center">Loading alerts...</p>
      ) : !data?.length ? (
        <p className="py-4 text-center text-base-content/70">No alerts at this time</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.map((alert) => (
            <li key={alert.id} className={`alert ${ALERT_CLASS[alert.type] ?? ""} items-start`}>
              <div className="flex-1">
                <div className="font-semibold">{alert.title}</div>
                <div className="text-sm">{alert.description}</div>
                <div className="text-xs opacity-70">{relativeAge(alert.createdAt)}</div>
              </div>
              {canMutate && (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  aria-label={`Dismiss ${alert.title}`}
                  onClick={() => dismiss.mutate(alert.id)}
                >
                  ✕
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
