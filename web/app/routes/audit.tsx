import { useAtomValue } from "jotai";
import { AccessDenied } from "../../components/ui/access-denied";
import { PageHeader } from "../../components/ui/page-header";
import { AuditTable } from "../../features/audit";
import { isAdminAtom } from "../../lib/session";

export default function AuditPage() {
  const isAdmin = useAtomValue(isAdminAtom);
  if (!isAdmin) return <AccessDenied text="Admin access required to view this page." />;
  return (
    <>
      <PageHeader title="Audit trail" subtitle="Who changed what, when and from where" />
      <AuditTable />
    </>
  );
}
