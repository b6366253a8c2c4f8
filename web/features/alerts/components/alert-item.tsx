import { useAtomValue } from "jotai";
import { relativeAge } from "../../../lib/format";
import { canMutateAtom } from "../../../lib/session";
import { useDismissAlert } from "../api/dismiss-alert";
import { type Alert, useAlerts } from "../api/get-alerts";

const ALERT_CLASS = { warning: "alert-warning", error: "alert-error", info: "alert-info" };

/** The undismissed alerts (the first `limit` of them), or their loading and empty states. */
export function AlertList({ limit }: { limit?: number }) {
  const { data, isLoading } = useAlerts();
  if (isLoading) return <p className="py-4 text-center">Loading alerts...</p>;
  if (!data?.length) {
    return <p className="py-4 text-center text-base-content/70">No alerts at this time</p>;
  }
  return (
    <ul className="flex flex-col gap-2">
      {data.slice(0, limit ?? data.length).map((alert) => (
        <AlertItem key={alert.id} alert={alert} />
      ))}
    </ul>
  );
}

/** One alert with its age and, for staff, a Dismiss button. */
export function AlertItem({ alert }: { alert: Alert }) {
  const dismiss = useDismissAlert();
  const canMutate = useAtomValue(canMutateAtom);
  return (
    <li className={`alert ${ALERT_CLASS[alert.type] ?? ""} items-start`}>
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
  );
}
