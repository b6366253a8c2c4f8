import { Link } from "wouter";
import { TransactionStatusBadge } from "../../../components/ui/badges";
import { UserLink } from "../../../components/ui/links";
import { Panel } from "../../../components/ui/page-header";
import { QueryList } from "../../../components/ui/query-list";
import { SignedAmount, useTransactions } from "../../transactions";

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
        renderItem={(t) => (
          <li
            key={t.id}
            className="flex items-center justify-between gap-3 border-b border-base-200 py-2"
          >
            <div className="min-w-0">
              <div className="font-medium">{t.type}</div>
              <div className="truncate text-sm">{t.description || "No description"}</div>
              <div className="text-xs text-base-content/70">
                Processed by <UserLink user={t.processedByUser} fallback="System" />
              </div>
            </div>
            <div className="flex flex-col items-end gap-1">
              <SignedAmount type={t.type} amount={t.amount} />
              <TransactionStatusBadge status={t.status} />
            </div>
          </li>
        )}
      />
    </Panel>
  );
}
