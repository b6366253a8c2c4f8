import { useAtomValue } from "jotai";
import { lazy, Suspense, useState } from "react";
import { useT } from "../../../i18n";
import { relativeAge } from "../../../lib/format";
import { canMutateAtom } from "../../../lib/session";
import { useAlertText } from "../alert-text";
import { useDismissAlert } from "../api/dismiss-alert";
import { type Alert, useAlerts } from "../api/get-alerts";
import { needsNote } from "./category";
import "../../../i18n/areas/alerts";

const DismissAlertDialog = lazy(() => import("./dismiss-alert-dialog"));

const ALERT_CLASS = { warning: "alert-warning", error: "alert-error", info: "alert-info" };

/** The undismissed alerts (the first `limit` of them), or their loading and empty states. */
export function AlertList({ limit }: { limit?: number }) {
  const { data, isLoading } = useAlerts();
  const t = useT();
  if (isLoading) return <p className="py-4 text-center">{t("alerts.loading")}</p>;
  if (!data?.length) {
    return <p className="py-4 text-center text-base-content/70">{t("alerts.empty")}</p>;
  }
  return (
    <ul className="flex flex-col gap-2">
      {data.slice(0, limit ?? data.length).map((alert) => (
        <AlertItem key={alert.id} alert={alert} />
      ))}
    </ul>
  );
}

/** Who the alert is for: Operations, Cash, Security or System (decisions/044). */
export function CategoryBadge({ alert }: { alert: Pick<Alert, "category"> }) {
  const t = useT();
  return (
    <span className="badge badge-outline badge-sm whitespace-nowrap" data-testid="alert-category">
      <span className="sr-only">{t("alerts.categoryPrefix")}</span>
      {t(`alerts.category.${alert.category}`)}
    </span>
  );
}

/**
 * One alert with its category, age and, for staff, a Dismiss button. A cash or security
 * alert (only admins see those) opens a dialog that asks for the note first.
 */
export function AlertItem({ alert }: { alert: Alert }) {
  const dismiss = useDismissAlert();
  const canMutate = useAtomValue(canMutateAtom);
  const [asking, setAsking] = useState(false);
  const withNote = needsNote(alert.category);
  const t = useT();
  const text = useAlertText(alert);
  return (
    <li className={`alert ${ALERT_CLASS[alert.type] ?? ""} items-start`}>
      <div className="flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{text.title}</span>
          <CategoryBadge alert={alert} />
        </div>
        <div className="text-sm">{text.description}</div>
        <div className="text-xs opacity-70">{relativeAge(alert.createdAt)}</div>
      </div>
      {canMutate && (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          aria-label={t("alerts.dismissNamed", { title: text.title })}
          aria-haspopup={withNote ? "dialog" : undefined}
          onClick={() => (withNote ? setAsking(true) : dismiss.mutate({ id: alert.id }))}
        >
          ✕
        </button>
      )}
      {asking && (
        <Suspense fallback={null}>
          <DismissAlertDialog alert={alert} onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </li>
  );
}
