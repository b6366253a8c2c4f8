import { useAtomValue } from "jotai";
import { AccessDenied } from "../../components/ui/access-denied";
import { PageHeader } from "../../components/ui/page-header";
import { AuditTable } from "../../features/audit";
import { useT } from "../../i18n";
import { isAdminAtom } from "../../lib/session";
import "../../i18n/areas/admin";
import "../../i18n/areas/audit";

export default function AuditPage() {
  const isAdmin = useAtomValue(isAdminAtom);
  const t = useT();
  if (!isAdmin) return <AccessDenied text={t("admin.page.accessRequired")} />;
  return (
    <>
      <PageHeader title={t("nav.auditTrail")} subtitle={t("audit.subtitle")} />
      <AuditTable />
    </>
  );
}
