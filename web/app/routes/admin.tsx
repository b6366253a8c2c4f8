import { useAtomValue } from "jotai";
import { Link } from "wouter";
import { AccessDenied } from "../../components/ui/access-denied";
import { PageHeader } from "../../components/ui/page-header";
import {
  ApiTokensPanel,
  CreateUserPanel,
  DeleteDataPanel,
  ExportDataPanel,
  RecalculateBalancePanel,
  ReplicationPanel,
  ReverseTransactionPanel,
  SecurityNotice,
  SystemInformation,
  SystemStatusCards,
  UserRolesPanel,
} from "../../features/admin";
import { BooksIndicator } from "../../features/books";
import { useT } from "../../i18n";
import { isAdminAtom } from "../../lib/session";
import "../../i18n/areas/admin";

export default function AdminPage() {
  const isAdmin = useAtomValue(isAdminAtom);
  const t = useT();
  if (!isAdmin) {
    return <AccessDenied text={t("admin.page.accessRequired")} />;
  }
  return (
    <>
      <PageHeader
        title={t("admin.page.title")}
        subtitle={t("admin.page.subtitle")}
        actions={
          <Link href="/admin/audit" className="btn btn-sm">
            {t("nav.auditTrail")}
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <SystemStatusCards />
        {/* The books indicator (its check runs as a background job), then the ledger tools. */}
        <BooksIndicator />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <RecalculateBalancePanel />
          <ReverseTransactionPanel />
        </div>
        {/* The user list needs the width: Create User sits beside it from 1280 px. */}
        <div className="grid gap-6 xl:grid-cols-3">
          <div className="xl:col-span-2">
            <UserRolesPanel />
          </div>
          <CreateUserPanel />
        </div>
        <ApiTokensPanel />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <ExportDataPanel />
          <DeleteDataPanel />
          <SystemInformation />
          <ReplicationPanel />
        </div>
        <SecurityNotice />
      </div>
    </>
  );
}
