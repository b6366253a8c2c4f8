import { PageHeader } from "../../components/ui/page-header";
import { TransactionsTable } from "../../features/transactions";

export default function TransactionsPage() {
  return (
    <>
      <PageHeader title="Transactions" />
      <TransactionsTable />
    </>
  );
}
