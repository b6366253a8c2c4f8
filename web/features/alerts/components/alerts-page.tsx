import { useAtomValue } from "jotai";
import { Link, useSearchParams } from "wouter";
import { PageHeader, Panel } from "../../../components/ui/page-header";
import { isAdminAtom } from "../../../lib/session";
import { AlertList } from "./alert-item";
import { DismissedAlerts } from "./dismissed-alerts";

/**
 * Every undismissed alert the caller may see, newest first (the server answers at most
 * 100; staff get only operations alerts). Admins also have the dismissed view (`?view=
 * dismissed`): who dismissed each alert, when, and the note.
 */
export default function AlertsPage() {
  const isAdmin = useAtomValue(isAdminAtom);
  const [search] = useSearchParams();
  const dismissed = isAdmin && search.get("view") === "dismissed";
  return (
    <>
      <PageHeader title="Alerts" subtitle="Everything that needs a look, newest first" />
      {isAdmin && (
        <nav aria-label="Alert views" className="tabs tabs-box mb-4 w-fit">
          <Link
            href="/alerts"
            className={`tab ${dismissed ? "" : "tab-active"}`}
            aria-current={dismissed ? undefined : "page"}
          >
            Open
          </Link>
          <Link
            href="/alerts?view=dismissed"
            className={`tab ${dismissed ? "tab-active" : ""}`}
            aria-current={dismissed ? "page" : undefined}
          >
            Dismissed
          </Link>
        </nav>
      )}
      {dismissed ? (
        <DismissedAlerts />
      ) : (
        <Panel title="Undismissed alerts">
          <AlertList />
        </Panel>
      )}
    </>
  );
}
