import { PageHeader } from "../../components/ui/page-header";
import { TransactionsTable } from "../../features/transactions";
import { useT } from "../../i18n";

export default function TransactionsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t("transactions.title")} />
      <TransactionsTable />
    </>
  );
}
