import { useAtomValue } from "jotai";
import { AccessDenied } from "../../components/ui/access-denied";
import { AlertsPage } from "../../features/alerts";
import { isCustomerAtom } from "../../lib/session";

export default function AlertsRoute() {
  // Alerts are for staff (issue 10).
  if (useAtomValue(isCustomerAtom)) return <AccessDenied text="Alerts are for staff only." />;
  return <AlertsPage />;
}
