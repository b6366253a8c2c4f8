import { PageHeader } from "../../components/ui/page-header";
import { TransactionsTable } from "../../features/transactions";
import { useT } from "../../i18n";
import "../../i18n/areas/transactions";

export default function TransactionsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t("transactions.title")} />
      <TransactionsTable />
    </>
  );
}
