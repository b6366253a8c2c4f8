import { CREDIT_TYPES } from "../../../../src/domain/enums";
import { TransactionStatusBadge } from "../../../components/ui/badges";
import { Panel } from "../../../components/ui/page-header";
import { QueryList } from "../../../components/ui/query-list";
import { euro, formatDateTime } from "../../../lib/format";
import { useTransactions } from "../api/get-transactions";

/** Up to 10 transactions of a customer or shop: credits green with '+', others red with '-'. */
export function RecentTransactionsList({
  customerId,
  shopId,
}: {
  customerId?: number;
  shopId?: number;
}) {
  const query = useTransactions({ customerId, shopId, limit: 10 });
  return (
    <Panel title="Recent Transactions">
      <QueryList
        query={query}
        limit={10}
        loadingText="Loading transactions..."
        emptyText="No transactions found"
        renderItem={(t) => {
          const credit = CREDIT_TYPES.includes(t.type);
          return (
            <li
              key={t.id}
              className={`flex items-center justify-between gap-3 border-b border-base-200 py-2 ${t.archived ? "opacity-50" : ""}`}
            >
              <div className="min-w-0">
                <div className="font-medium">{t.type}</div>
                <div className="truncate text-sm">{t.description || "No description"}</div>
                <div className="text-xs text-base-content/70">{formatDateTime(t.createdAt)}</div>
              </div>
              <div className="flex flex-col items-end gap-1">
                <span className={credit ? "text-success" : "text-error"}>
                  {credit ? "+" : "-"}
                  {euro(t.amount)}
                </span>
                <TransactionStatusBadge status={t.status} />
              </div>
            </li>
          );
        }}
      />
    </Panel>
  );
}
