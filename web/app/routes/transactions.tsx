import { PageHeader } from "../../components/ui/page-header";
import { TransactionsTable } from "../../features/transactions/components/transactions-table";

export default function TransactionsPage() {
  return (
    <>
      <PageHeader title="Transactions" />
      <TransactionsTable />
    </>
  );
}
