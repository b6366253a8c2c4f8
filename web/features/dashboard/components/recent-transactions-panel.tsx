import { Link } from "wouter";
import { Panel } from "../../../components/ui/page-header";
import { QueryList } from "../../../components/ui/query-list";
import { LedgerLine, useTransactions } from "../../transactions";

/**
 * The newest ledger lines, each read on its customer, else its shop, by the one ledger-line
 * component (issue 20): a reversed deposit is -€x, marked as a reversal, as everywhere.
 */
export function RecentTransactionsPanel() {
  const query = useTransactions({ limit: 5 });
  return (
    <Panel
      title="Recent Transactions"
      actions={
        <Link href="/transactions" className="link link-primary text-sm">
          View All
        </Link>
      }
    >
      <QueryList
        query={query}
        limit={5}
        loadingText="Loading transactions..."
        emptyText="No transactions found"
        renderItem={(t) => <LedgerLine key={t.id} t={t} showProcessedBy />}
      />
    </Panel>
  );
}
