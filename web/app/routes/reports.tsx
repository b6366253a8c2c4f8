import { useAtomValue } from "jotai";
import { AccessDenied } from "../../components/ui/access-denied";
import { PageHeader } from "../../components/ui/page-header";
import { ReportsView } from "../../features/reports";
import { useT } from "../../i18n";
import { isAdminAtom } from "../../lib/session";

export default function ReportsPage() {
  const isAdmin = useAtomValue(isAdminAtom);
  const t = useT();
  if (!isAdmin) {
    return <AccessDenied text={t("reports.adminOnly")} />;
  }
  return (
    <>
      <PageHeader title={t("reports.title")} subtitle={t("reports.subtitle")} />
      <ReportsView />
    </>
  );
}
