import { Link } from "wouter";
import { Panel } from "../../../components/ui/page-header";
import { useT } from "../../../i18n";
import { useAlerts } from "../api/get-alerts";
import { AlertList } from "./alert-item";
import "../../../i18n/areas/alerts";

/** The dashboard's latest five alerts, and a link to all of them (issue 9). */
export function AlertsPanel() {
  const { data } = useAlerts();
  const t = useT();
  return (
    <Panel title={t("alerts.systemAlerts")}>
      <AlertList limit={5} />
      {Boolean(data?.length) && (
        <div className="mt-3 text-right">
          <Link href="/alerts" className="link link-primary">
            {t("alerts.viewAll")}
          </Link>
        </div>
      )}
    </Panel>
  );
}
