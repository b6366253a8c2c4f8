import { useAtomValue } from "jotai";
import { Link, useSearchParams } from "wouter";
import { PageHeader, Panel } from "../../../components/ui/page-header";
import { useT } from "../../../i18n";
import { isAdminAtom } from "../../../lib/session";
import { AlertList } from "./alert-item";
import { DismissedAlerts } from "./dismissed-alerts";
import "../../../i18n/areas/alerts";

/**
 * Every undismissed alert the caller may see, newest first (the server answers at most
 * 100; staff get only operations alerts). Admins also have the dismissed view (`?view=
 * dismissed`): who dismissed each alert, when, and the note.
 */
export default function AlertsPage() {
  const isAdmin = useAtomValue(isAdminAtom);
  const [search] = useSearchParams();
  const dismissed = isAdmin && search.get("view") === "dismissed";
  const t = useT();
  return (
    <>
      <PageHeader title={t("alerts.title")} subtitle={t("alerts.subtitle")} />
      {isAdmin && (
        <nav aria-label={t("alerts.views")} className="tabs tabs-box mb-4 w-fit">
          <Link
            href="/alerts"
            className={`tab ${dismissed ? "" : "tab-active"}`}
            aria-current={dismissed ? undefined : "page"}
          >
            {t("alerts.openView")}
          </Link>
          <Link
            href="/alerts?view=dismissed"
            className={`tab ${dismissed ? "tab-active" : ""}`}
            aria-current={dismissed ? "page" : undefined}
          >
            {t("alerts.dismissedView")}
          </Link>
        </nav>
      )}
      {dismissed ? (
        <DismissedAlerts />
      ) : (
        <Panel title={t("alerts.undismissed")}>
          <AlertList />
        </Panel>
      )}
    </>
  );
}
