import { useAtomValue } from "jotai";
import { AccessDenied } from "../../components/ui/access-denied";
import { AlertsPage } from "../../features/alerts";
import { useT } from "../../i18n";
import { isCustomerAtom } from "../../lib/session";
import "../../i18n/areas/alerts";

export default function AlertsRoute() {
  const t = useT();
  // Alerts are for staff (issue 10).
  if (useAtomValue(isCustomerAtom)) return <AccessDenied text={t("alerts.staffOnly")} />;
  return <AlertsPage />;
}
