import { useId, useState } from "react";
import { Link } from "wouter";
import { useT } from "../../../i18n";
import { useCounts } from "../../../lib/counts";
import { formatNumber, relativeAge } from "../../../lib/format";
import { useAlertText } from "../alert-text";
import { type Alert, useAlerts } from "../api/get-alerts";
import "../../../i18n/areas/alerts";

/**
 * The bell: the number of undismissed alerts, and the latest five in a menu (issue 9; the
 * SPEC's fixed 3 was a placeholder).
 */
export function AlertsBell() {
  const count = useCounts()?.alerts ?? 0;
  const { data } = useAlerts();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const t = useT();
  return (
    <div className="relative">
      <button
        type="button"
        className="btn btn-ghost btn-circle"
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
        aria-label={t("alerts.bell", { n: formatNumber(count) })}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <div className="indicator">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
            <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
          </svg>
          {count > 0 && (
            <span className="badge badge-xs badge-error indicator-item" data-testid="bell-count">
              {count}
            </span>
          )}
        </div>
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-2 w-80 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          {!data?.length ? (
            <p className="p-2 text-sm">{t("alerts.empty")}</p>
          ) : (
            <ul className="flex flex-col">
              {data.slice(0, 5).map((alert) => (
                <BellItem key={alert.id} alert={alert} />
              ))}
            </ul>
          )}
          <Link href="/alerts" className="link link-primary block p-2 text-sm">
            {t("alerts.viewAll")}
          </Link>
        </div>
      )}
    </div>
  );
}

/** One alert in the bell's menu: its title in the language shown, and its age. */
function BellItem({ alert }: { alert: Alert }) {
  const { title } = useAlertText(alert);
  return (
    <li className="border-b border-base-200 p-2 last:border-0">
      <div className="text-sm font-semibold">{title}</div>
      <div className="text-xs">{relativeAge(alert.createdAt)}</div>
    </li>
  );
}
