import { AccessDenied } from "../../components/ui/access-denied";
import { PageHeader } from "../../components/ui/page-header";
import { useAuth } from "../../features/auth/components/auth-provider";
import { ReportsView } from "../../features/reports/components/reports-view";

export default function ReportsPage() {
  const { user } = useAuth();
  if (user?.role !== "admin") {
    return <AccessDenied text="Reports are only available to admin users." />;
  }
  return (
    <>
      <PageHeader title="Reports" subtitle="Business performance by period" />
      <ReportsView />
    </>
  );
}
