import { useAtomValue } from "jotai";
import { AccessDenied } from "../../components/ui/access-denied";
import { PageHeader } from "../../components/ui/page-header";
import { ReportsView } from "../../features/reports";
import { isAdminAtom } from "../../lib/session";

export default function ReportsPage() {
  const isAdmin = useAtomValue(isAdminAtom);
  if (!isAdmin) {
    return <AccessDenied text="Reports are only available to admin users." />;
  }
  return (
    <>
      <PageHeader title="Reports" subtitle="Business performance by period" />
      <ReportsView />
    </>
  );
}
