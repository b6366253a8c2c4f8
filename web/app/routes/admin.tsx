import { AccessDenied } from "../../components/ui/access-denied";
import { PageHeader } from "../../components/ui/page-header";
import {
  RecalculateBalancePanel,
  ReverseTransactionPanel,
} from "../../features/admin/components/balance-tools";
import { DeleteDataPanel, ExportDataPanel } from "../../features/admin/components/data-management";
import {
  SecurityNotice,
  SystemInformation,
  SystemStatusCards,
} from "../../features/admin/components/system-status";
import { CreateUserPanel, UserRolesPanel } from "../../features/admin/components/user-management";
import { useAuth } from "../../features/auth/components/auth-provider";

export default function AdminPage() {
  const { user } = useAuth();
  if (user?.role !== "admin") {
    return <AccessDenied text="Admin access required to view this page." />;
  }
  return (
    <>
      <PageHeader title="System Administration" subtitle="Health, balances, users and data" />
      <div className="flex flex-col gap-6">
        <SystemStatusCards />
        <div className="grid gap-6 lg:grid-cols-2">
          <RecalculateBalancePanel />
          <ReverseTransactionPanel />
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <UserRolesPanel />
          </div>
          <CreateUserPanel />
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <ExportDataPanel />
          <DeleteDataPanel />
          <SystemInformation />
        </div>
        <SecurityNotice />
      </div>
    </>
  );
}
